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

/** How often the phrase repeats, for the rule (capture/rule-of-phrase.ts); `days` are RRULE weekdays. */
export type RepeatShape =
  | { freq: 'DAILY' | 'MONTHLY' | 'YEARLY'; interval: number }
  | { freq: 'WEEKLY'; interval: number; days?: string[] }
  | { freq: 'SUBDAILY' };

export interface RecurrencePhrase {
  /** The whole phrase, left out of the title. */
  span: TextSpan;
  /** The part the date parser must not see. */
  maskSpan: TextSpan;
  anchor: RecurrenceAnchor;
  repeat: RepeatShape;
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

const RRULE_DAYS: Record<string, string> = { mon: 'MO', tue: 'TU', wed: 'WE', thu: 'TH', fri: 'FR', sat: 'SA', sun: 'SU' };

function repeatFor(unit: string, interval: number): RepeatShape {
  const word = unit.toLowerCase();
  if (/^(minute|min|hour|hr)/.test(word)) return { freq: 'SUBDAILY' };
  if (/^(weekday|workday)/.test(word)) return { freq: 'WEEKLY', interval, days: ['MO', 'TU', 'WE', 'TH', 'FR'] };
  if (word.startsWith('weekend')) return { freq: 'WEEKLY', interval, days: ['SA', 'SU'] };
  if (/^weeks?$/.test(word)) return { freq: 'WEEKLY', interval };
  if (/^months?$/.test(word)) return { freq: 'MONTHLY', interval };
  if (/^years?$/.test(word)) return { freq: 'YEARLY', interval };
  const day = RRULE_DAYS[word.slice(0, 3)];
  if (day) return { freq: 'WEEKLY', interval, days: [day] };
  // days, mornings, afternoons, evenings, nights
  return { freq: 'DAILY', interval };
}

function fromEvery(match: RegExpExecArray): RecurrencePhrase {
  const start = match.index;
  const end = start + match[0].length;
  const countWord = match[1]?.toLowerCase();
  const count = countWord ? (COUNT_WORDS[countWord] ?? Number(countWord)) : 1;
  const other = /^(?:every|each)\s+other\s/i.test(match[0]);
  const unit = match[2] ?? '';
  const anchor = anchorFor(unit, count);
  // Leave "monday" / "evening" visible to the date parser; hide "every (other)".
  const maskEnd = anchor.kind === 'parsed' ? end - unit.length : end;
  return { span: { start, end }, maskSpan: { start, end: maskEnd }, anchor, repeat: repeatFor(unit, other ? 2 * count : count) };
}

function fromAdverb(match: RegExpExecArray): RecurrencePhrase {
  const span = { start: match.index, end: match.index + (match[1] ?? '').length };
  const anchor: RecurrenceAnchor =
    match[1]?.toLowerCase() === 'hourly' ? { kind: 'interval', minutes: 60 } : { kind: 'unanchored' };
  const adverb = match[1]?.toLowerCase() ?? '';
  const repeat: RepeatShape =
    adverb === 'hourly'
      ? { freq: 'SUBDAILY' }
      : { freq: adverb === 'weekly' ? 'WEEKLY' : adverb === 'monthly' ? 'MONTHLY' : adverb === 'yearly' || adverb === 'annually' ? 'YEARLY' : 'DAILY', interval: 1 };
  return { span, maskSpan: span, anchor, repeat };
}

/** Finds "every evening", "every other friday", "every 2 hours", "daily" … and how often they repeat. */
export function extractRecurrence(text: string): RecurrencePhrase | null {
  const every = EVERY.exec(text);
  if (every) {
    const phrase = fromEvery(every);
    // "on the 1st of every month": the "of" belongs to the repeat, not to the title.
    const of = /(?<![\p{L}\p{N}])of\s+$/iu.exec(text.slice(0, phrase.span.start));
    return of ? { ...phrase, span: { start: of.index, end: phrase.span.end } } : phrase;
  }
  const adverb = ADVERB.exec(text);
  return adverb ? fromAdverb(adverb) : null;
}
