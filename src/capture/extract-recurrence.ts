import type { TextSpan } from './text-span.js';

/**
 * What the next occurrence hangs on. "parsed": the date parser reads the rest of the phrase
 * ("every monday" -> "monday"); the other kinds are resolved without it.
 */
export type RecurrenceAnchor =
  | { kind: 'parsed' }
  | { kind: 'interval'; minutes: number }
  | { kind: 'weekdays' }
  | { kind: 'weekend' }
  | { kind: 'unanchored' };

export interface RecurrencePhrase {
  /** The whole phrase, left out of the title. */
  span: TextSpan;
  /** The part the date parser must not see. */
  maskSpan: TextSpan;
  anchor: RecurrenceAnchor;
}

const COUNT_WORDS: Record<string, number> = {
  two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30,
};

const WEEKDAY = String.raw`mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:r(?:s(?:day)?)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?`;
const UNIT = String.raw`minutes?|mins?|hours?|hrs?|days?|weekdays?|workdays?|weekends?|weeks?|months?|years?|mornings?|afternoons?|evenings?|nights?|(?:${WEEKDAY})s?`;
const COUNT = String.raw`\d+|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty`;
const EVERY = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(?:every|each)\s+(?:other\s+)?(?:(${COUNT})\s+)?(${UNIT})(?![\p{L}\p{N}])`,
  'iu',
);
// "daily standup" names a meeting; "stretch daily at 7am" repeats. Only the second is a recurrence.
const ADVERB = new RegExp(
  String.raw`(?<![\p{L}\p{N}])(everyday|daily|weekly|monthly|yearly|annually|hourly)(?=\s*$|\s*[,.;:!?)]|\s+(?:at|on|in|by|from|starting|before|after|until|every|\d))`,
  'iu',
);

function anchorFor(unit: string, count: number): RecurrenceAnchor {
  const word = unit.toLowerCase();
  if (/^(minute|min)/.test(word)) return { kind: 'interval', minutes: count };
  if (/^(hour|hr)/.test(word)) return { kind: 'interval', minutes: count * 60 };
  if (/^(weekday|workday)/.test(word)) return { kind: 'weekdays' };
  if (word.startsWith('weekend')) return { kind: 'weekend' };
  if (/^(day|week|month|year)s?$/.test(word)) return { kind: 'unanchored' };
  return { kind: 'parsed' };
}

function fromEvery(match: RegExpExecArray): RecurrencePhrase {
  const start = match.index;
  const end = start + match[0].length;
  const countWord = match[1]?.toLowerCase();
  const count = countWord ? (COUNT_WORDS[countWord] ?? Number(countWord)) : 1;
  const unit = match[2] ?? '';
  const anchor = anchorFor(unit, count);
  // Leave "monday" / "evening" visible to the date parser; hide "every (other)".
  const maskEnd = anchor.kind === 'parsed' ? end - unit.length : end;
  return { span: { start, end }, maskSpan: { start, end: maskEnd }, anchor };
}

function fromAdverb(match: RegExpExecArray): RecurrencePhrase {
  const span = { start: match.index, end: match.index + (match[1] ?? '').length };
  const anchor: RecurrenceAnchor =
    match[1]?.toLowerCase() === 'hourly' ? { kind: 'interval', minutes: 60 } : { kind: 'unanchored' };
  return { span, maskSpan: span, anchor };
}

/** Finds "every evening", "every 2 hours", "daily" … Recurrence itself is not supported yet. */
export function extractRecurrence(text: string): RecurrencePhrase | null {
  const every = EVERY.exec(text);
  if (every) return fromEvery(every);
  const adverb = ADVERB.exec(text);
  return adverb ? fromAdverb(adverb) : null;
}
