import type { TextSpan } from './text-span.js';

const BETWEEN_IS_BLANK = /^\s*$/;

// "every" + "sunday evening" or "every day" + "at 8am" read as one phrase in the note.
function widenToAdjacent(text: string, span: TextSpan, neighbours: readonly TextSpan[]): TextSpan {
  const widened = { ...span };
  for (let changed = true; changed; ) {
    changed = false;
    for (const other of neighbours) {
      const overlaps = other.start < widened.end && other.end > widened.start;
      const follows = other.start >= widened.end && BETWEEN_IS_BLANK.test(text.slice(widened.end, other.start));
      const precedes = other.end <= widened.start && BETWEEN_IS_BLANK.test(text.slice(other.end, widened.start));
      if ((overlaps || follows || precedes) && (other.start < widened.start || other.end > widened.end)) {
        widened.start = Math.min(widened.start, other.start);
        widened.end = Math.max(widened.end, other.end);
        changed = true;
      }
    }
  }
  return widened;
}

/** The draft's note for a phrase that repeats more often than a task can (hourly): only the next occurrence is kept. */
export function describeFrequentRepeat(text: string, recurrence: TextSpan, scheduleSpans: readonly TextSpan[]): string {
  const { start, end } = widenToAdjacent(text, recurrence, scheduleSpans);
  const phrase = text
    .slice(start, end)
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(every|each|daily|weekly|monthly|yearly|annually|hourly|everyday)\b/i, (word) => word.toLowerCase());
  return `Repeats ${phrase} (repeating more often than daily is not supported; this is the next occurrence).`;
}
