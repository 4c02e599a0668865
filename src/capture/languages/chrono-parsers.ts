/**
 * Parser builders shared by the languages' chrono configurations: each language lists its words, these
 * turn them into chrono parsers with the tags the resolver reads.
 */
import { ParsingComponents, type Chrono, type Parser, type ParsingContext, type Refiner } from 'chrono-node';
import { clockComponents, createWordParser, DAY_OF_MONTH_TAG, partOfDayComponents } from '../create-capture-chrono.js';
import { NEXT_MONTH_TAG, NEXT_WEEK_TAG } from '../read-calendar-date.js';
import { TODAY_ONLY_TAG } from '../read-time-of-day.js';

export { clockComponents, createWordParser };

/** A part of the day: the words, its hour, and the day it names when it names one ("morgen früh": +1). */
export interface PartOfDayWords {
  pattern: string;
  hour: number;
  /** Days from today: "heute Abend" 0, "morgen früh" 1; absent for "abends", "le soir". */
  days?: number;
}

export function partOfDayParser(entries: readonly PartOfDayWords[]): Parser[] {
  return entries.map(({ pattern, hour, days }) =>
    createWordParser(pattern, (context) => {
      if (days === undefined) return partOfDayComponents(context, hour);
      const components = ParsingComponents.createRelativeFromReference(context.reference, { day: days });
      components.imply('hour', hour).imply('minute', 0).addTag(`capture/partOfDay:${hour}`);
      if (days === 0) components.addTag(TODAY_ONLY_TAG);
      return components;
    }),
  );
}

/** "la semaine prochaine", "el mes que viene": the start of next week or month (the resolver decides the day). */
export function nextPeriodParser(pattern: string, period: 'week' | 'month'): Parser {
  return createWordParser(pattern, (context) =>
    ParsingComponents.createRelativeFromReference(context.reference, period === 'week' ? { week: 1 } : { month: 1 }).addTag(
      period === 'week' ? NEXT_WEEK_TAG : NEXT_MONTH_TAG,
    ),
  );
}

export type DurationUnit = 'minute' | 'hour' | 'day' | 'week' | 'month';

/**
 * "em 2 horas", "daqui a 3 dias": a duration from now. `lead` is the words before the amount; the
 * amount is digits or one of `numbers`; each unit word maps to a unit.
 */
export function durationParser(lead: string, numbers: Record<string, number>, units: Record<string, DurationUnit>): Parser {
  const amount = ['\\d+', ...Object.keys(numbers)].join('|');
  const unit = Object.keys(units).join('|');
  return createWordParser(String.raw`(?:${lead})\s+(${amount})\s+(${unit})`, (context, match) => {
    const word = (match[2] ?? '').toLowerCase();
    const count = numbers[word] ?? Number(word);
    const kind = units[(match[3] ?? '').toLowerCase()];
    if (!kind || !Number.isFinite(count) || count <= 0) return null;
    return ParsingComponents.createRelativeFromReference(context.reference, { [kind]: count });
  });
}

/** "übermorgen", "après-demain", "pasado mañana": a day a few days from today. */
export function relativeDayParser(pattern: string, days: number): Parser {
  return createWordParser(pattern, (context) => ParsingComponents.createRelativeFromReference(context.reference, { day: days }));
}

/** A weekday said with a part of the day ("Freitagabend", "vendredi soir"): group `weekdayGroup` is the weekday word. */
export function weekdayPartParser(pattern: string, weekdayOf: (word: string) => number | undefined, hourOf: (word: string) => number | undefined): Parser {
  return createWordParser(pattern, (context, match) => {
    const weekday = weekdayOf((match[2] ?? '').toLowerCase());
    const hour = hourOf((match[3] ?? '').toLowerCase());
    if (weekday === undefined || hour === undefined) return null;
    return context
      .createParsingComponents({ weekday: weekday % 7 })
      .imply('hour', hour)
      .imply('minute', 0)
      .addTag(`capture/partOfDay:${hour}`);
  });
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(year, monthIndex + 1, 0).getDate();
}

/** "am 15.", "le 15", "el día 15": a day of the month with the month left open; group 2 is the day. */
export function dayOfMonthParser(pattern: string): Parser {
  return createWordParser(pattern, (context, match) => {
    const day = Number(match[2]);
    if (!(day >= 1 && day <= 31)) return null;
    // Chrono drops results that are not real dates, so imply a month that has this day; the resolver
    // picks the actual month itself.
    const reference = context.reference.getDateWithAdjustedTimezone();
    let year = reference.getFullYear();
    let month = reference.getMonth();
    while (day > daysInMonth(year, month) || (month === reference.getMonth() && year === reference.getFullYear() && day < reference.getDate())) {
      month += 1;
      if (month === 12) {
        month = 0;
        year += 1;
      }
    }
    return context.createParsingComponents({ day }).imply('month', month + 1).imply('year', year).addTag(DAY_OF_MONTH_TAG);
  });
}

/** A clock time from a pattern's groups (group 2 hour, group 3 minutes), read as written when `onTheClock`. */
export function clockParser(pattern: string, onTheClock: boolean, read?: (match: RegExpExecArray) => { hour: number; minute: number } | null): Parser {
  return createWordParser(pattern, (context: ParsingContext, match) => {
    const time = read ? read(match) : { hour: Number(match[2]), minute: Number(match[3] ?? 0) };
    return time ? clockComponents(context, time.hour, time.minute, onTheClock) : null;
  });
}

/**
 * Drops what a locale's parser found inside a word (German "Fr" in "Frühstück") before chrono joins it
 * to the date or time next to it.
 */
export const insideWordRefiner: Refiner = {
  refine(context, results) {
    return results.filter((result) => {
      const before = context.text.slice(0, result.index);
      const after = context.text.slice(result.index + result.text.length);
      const startsInside = /^[\p{L}\p{N}]/u.test(result.text) && /[\p{L}\p{N}]$/u.test(before);
      const endsInside = /\p{L}$/u.test(result.text) && /^\p{L}/u.test(after);
      return !startsInside && !endsInside;
    });
  },
};

/** The locale's casual chrono with our parsers in front (on a tie in length, ours win). */
export function withParsers(base: Chrono, parsers: readonly Parser[]): Chrono {
  const chrono = base.clone();
  chrono.parsers.unshift(...parsers);
  chrono.refiners.unshift(insideWordRefiner);
  return chrono;
}
