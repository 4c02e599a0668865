import type { ParsedResult } from 'chrono-node';
import { DateTime } from 'luxon';
import { addDays, compareDates, dateOf, isValidDate, weekdayOf, type LocalDate } from './local-calendar.js';

import type { DateWords } from './languages/language-grammar.js';
import { foldWord } from './languages/lexicon.js';

/** Our own parsers tag "next week" / "nächste Woche" with the period they start. */
export const NEXT_WEEK_TAG = 'capture/nextWeek';
export const NEXT_MONTH_TAG = 'capture/nextMonth';

function startOfNextPeriod(today: LocalDate, unit: 'week' | 'month'): LocalDate {
  return dateOf(DateTime.fromObject(today, { zone: 'UTC' }).startOf(unit).plus({ [unit + 's']: 1 }));
}

/**
 * A bare weekday is the next such day after today (1–7 days ahead): on a Saturday, "saturday" means
 * next week's. "this saturday" may be today; "next friday" is the Friday of next (Monday-first) week.
 */
function resolveWeekday(today: LocalDate, chronoWeekday: number, text: string, dates: DateWords): LocalDate {
  const target = chronoWeekday === 0 ? 7 : chronoWeekday;
  const current = weekdayOf(today);
  // Some languages put the word after the weekday ("mardi prochain"): the first group that matched.
  const word = dates.weekdayModifier.exec(text)?.slice(1).find((group) => group !== undefined);
  const modifier = word === undefined ? undefined : dates.modifiers[foldWord(word)];
  if (modifier === 'this') return addDays(today, (target - current + 7) % 7);
  if (modifier === 'next') return addDays(startOfNextPeriod(today, 'week'), target - 1);
  if (modifier) return addDays(today, -((current - target + 7) % 7 || 7));
  return addDays(today, (target - current + 7) % 7 || 7);
}

/** The first month, from this one on, whose `day` is not before today. */
function resolveDayOfMonth(today: LocalDate, day: number): LocalDate {
  for (let ahead = 0; ahead <= 12; ahead += 1) {
    const month = DateTime.fromObject({ ...today, day: 1 }, { zone: 'UTC' }).plus({ months: ahead });
    const candidate = { year: month.year, month: month.month, day };
    if (isValidDate(candidate) && compareDates(candidate, today) >= 0) return candidate;
  }
  return today;
}

/** A month and day without a year is the next one that is not in the past. */
function resolveYearless(today: LocalDate, month: number, day: number): LocalDate {
  const thisYear = { year: today.year, month, day };
  return compareDates(thisYear, today) >= 0 || !isValidDate(thisYear) ? thisYear : { ...thisYear, year: today.year + 1 };
}

/** The calendar day a parsed phrase names, or null when it names only a time of day. */
export function readCalendarDate(result: ParsedResult, today: LocalDate, dates: DateWords): LocalDate | null {
  const start = result.start;
  const value = (component: 'year' | 'month' | 'day') => start.get(component) ?? 0;
  const tags = result.tags();
  if (tags.has(NEXT_WEEK_TAG)) return startOfNextPeriod(today, 'week');
  if (tags.has(NEXT_MONTH_TAG)) return startOfNextPeriod(today, 'month');
  const periodWord = dates.nextPeriod.exec(result.text.trim())?.slice(1).find((group) => group !== undefined);
  const period = periodWord === undefined ? undefined : dates.periods[foldWord(periodWord)];
  if (period) return startOfNextPeriod(today, period);
  if (result.tags().has('result/relativeDate')) {
    return { year: value('year'), month: value('month'), day: value('day') };
  }
  if (start.isCertain('day')) {
    if (!start.isCertain('month')) return resolveDayOfMonth(today, value('day'));
    if (start.isCertain('year')) return { year: value('year'), month: value('month'), day: value('day') };
    return resolveYearless(today, value('month'), value('day'));
  }
  if (start.isCertain('weekday')) return resolveWeekday(today, start.get('weekday') ?? 0, result.text, dates);
  if (start.isCertain('month')) {
    if (start.isCertain('year')) return { year: value('year'), month: value('month'), day: value('day') };
    return resolveYearless(today, value('month'), value('day'));
  }
  return null;
}
