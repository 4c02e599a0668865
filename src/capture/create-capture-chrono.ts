import { casual, ParsingComponents, type Chrono, type Parser, type ParsingContext } from 'chrono-node';

export const END_OF_DAY_TAG = 'capture/endOfDay';
export const DAY_OF_MONTH_TAG = 'capture/dayOfMonth';
/** A part of the day: "capture/partOfDay:19" for the evening (read by read-time-of-day.ts). */
export const PART_OF_DAY_TAG = 'capture/partOfDay:';

export type Extract = (context: ParsingContext, match: RegExpExecArray, end: number) => ParsingComponents | null;

// Chrono runs a parser's pattern on the text after the previous match, so a lookbehind would not see
// the character before; capture it instead and drop it from the result.
export function createWordParser(inner: string, extract: Extract): Parser {
  const pattern = new RegExp(String.raw`(^|[^\p{L}\p{N}_])(?:${inner})(?![\p{L}\p{N}_])`, 'iu');
  return {
    pattern: () => pattern,
    extract(context, match) {
      const header = match[1] ?? '';
      const index = (match.index ?? 0) + header.length;
      const text = match[0].slice(header.length);
      const components = extract(context, match as RegExpExecArray, index + text.length);
      return components ? context.createParsingResult(index, text, components) : null;
    },
  };
}

const MONTH_AHEAD = String.raw`\s+(?:of\s+)?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)`;
// A bare "the 2nd" is often not a date ("the 2nd bathroom"); accept it only where a date would end.
const DATE_LIKE_FOLLOWER = /^\s*(?:$|[,.;:!?)\-]|at\b|@|\d|morning|afternoon|evening|night|noon)/i;

/** "on the 1st", "by the 15th": a day of the month with the month left open. */
const dayOfMonthParser = createWordParser(
  String.raw`(?:(on|by|before|until|till|due|for)\s+(?:the\s+)?|the\s+)(\d{1,2})(?:st|nd|rd|th)(?:\s+of\s+(?:the|this|each|every)\s+month)?(?!${MONTH_AHEAD})`,
  (context, match, end) => {
    const day = Number(match[3]);
    if (day < 1 || day > 31) return null;
    if (!match[2] && !DATE_LIKE_FOLLOWER.test(context.text.slice(end))) return null;
    // Chrono drops results that are not real dates, so imply a month that has this day ("the 31st");
    // the resolver picks the actual month itself.
    const reference = context.reference.getDateWithAdjustedTimezone();
    const month = new Date(reference.getFullYear(), reference.getMonth(), 1);
    while (day > daysInMonth(month) || (month.getMonth() === reference.getMonth() && day < reference.getDate())) {
      month.setMonth(month.getMonth() + 1);
    }
    return context
      .createParsingComponents({ day })
      .imply('month', month.getMonth() + 1)
      .imply('year', month.getFullYear())
      .addTag(DAY_OF_MONTH_TAG);
  },
);

function daysInMonth(firstOfMonth: Date): number {
  return new Date(firstOfMonth.getFullYear(), firstOfMonth.getMonth() + 1, 0).getDate();
}

const dayAfterTomorrowParser = createWordParser(String.raw`(?:the\s+)?day\s+after\s+tomorrow`, (context) =>
  ParsingComponents.createRelativeFromReference(context.reference, { day: 2 }),
);

/** The time is a placeholder: the resolver decides what end of day means and when it has passed. */
const endOfDayParser = createWordParser(
  String.raw`(?:the\s+)?(?:end\s+of\s+(?:the\s+)?(?:business\s+|work(?:ing)?\s+)?day|e\.?o\.?d\.?|c\.?o\.?b\.?|close\s+of\s+business)`,
  (context) => context.createParsingComponents({ hour: 17, minute: 0 }).addTag(END_OF_DAY_TAG),
);

const COUNTS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };

/** "a week from today": chrono reads "3 days from now" but splits this one into two results. */
const fromTodayParser = createWordParser(
  String.raw`(\d+|an?|one|two|three|four|five|six|seven)\s+(day|week|month)s?\s+from\s+(?:today|now)`,
  (context, match) => {
    const word = (match[2] ?? '').toLowerCase();
    const count = COUNTS[word] ?? Number(word);
    const unit = (match[3] ?? 'day').toLowerCase() as 'day' | 'week' | 'month';
    return ParsingComponents.createRelativeFromReference(context.reference, { [unit]: count });
  },
);

/** A time with the hour and minute known and am/pm left open (a bare hour) unless `meridiemKnown`. */
export function clockComponents(context: ParsingContext, hour: number, minute: number, meridiemKnown = false): ParsingComponents | null {
  if (hour > 23 || minute > 59) return null;
  const components = context.createParsingComponents({ hour, minute });
  if (meridiemKnown || hour === 0 || hour > 12) components.assign('meridiem', hour >= 12 ? 1 : 0);
  // Implied as chrono's own time parsers do; otherwise joining it to "morgen" (implied afternoon from
  // the reference time) would add 12 hours.
  else components.imply('meridiem', hour >= 12 ? 1 : 0);
  return components;
}

/** A part of the day as its hour, with no hour certain (so it reads as "part of day", not as a clock time). */
export function partOfDayComponents(context: ParsingContext, hour: number): ParsingComponents {
  return context.createParsingComponents().imply('hour', hour).imply('minute', 0).addTag(`${PART_OF_DAY_TAG}${hour}`);
}

/** "18h", "18h30": a 24-hour time. */
const hourMarkParser = createWordParser(String.raw`(\d{1,2})h(\d{2})?`, (context, match) =>
  clockComponents(context, Number(match[2]), Number(match[3] ?? 0), true),
);

/** "half past 7", "quarter past 8", "quarter to 9", "ten past 6". */
const pastToParser = createWordParser(
  String.raw`(?:at\s+)?(half|(?:a\s+)?quarter|five|ten|twenty|twenty-five|\d{1,2})\s+(past|after|to|till|before)\s+(\d{1,2})(?!\s*(?::|\.\d|am\b|pm\b))`,
  (context, match) => {
    const word = (match[2] ?? '').toLowerCase().replace(/^a\s+/, '');
    const minutes = { half: 30, quarter: 15, five: 5, ten: 10, twenty: 20, 'twenty-five': 25 }[word] ?? Number(word);
    const hour = Number(match[4]);
    if (!(minutes > 0 && minutes < 60) || hour < 1 || hour > 12) return null;
    const before = /^(?:to|till|before)$/i.test(match[3] ?? '');
    return before ? clockComponents(context, hour === 1 ? 12 : hour - 1, 60 - minutes) : clockComponents(context, hour, minutes);
  },
);

const PARTS: Record<string, number> = { morning: 9, afternoon: 15, evening: 19, night: 20 };

/** "in the evening", "at night": chrono reads "this evening" but not these. */
const partOfDayParser = createWordParser(String.raw`(?:in\s+the\s+(morning|afternoon|evening)|at\s+(night))`, (context, match) =>
  partOfDayComponents(context, PARTS[(match[2] ?? match[3] ?? '').toLowerCase()]!),
);

/** English casual chrono plus the phrases task capture needs. Build once; it holds no per-call state. */
export function createCaptureChrono(): Chrono {
  const capture = casual.clone();
  capture.parsers.push(dayOfMonthParser, dayAfterTomorrowParser, endOfDayParser, fromTodayParser, hourMarkParser, pastToParser, partOfDayParser);
  return capture;
}
