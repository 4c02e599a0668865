import type { ParsedResult } from 'chrono-node';
import { DateTime } from 'luxon';
import { addDays, compareDates, dateOf, isValidDate, weekdayOf, type LocalDate } from './local-calendar.js';

const NEXT_PERIOD = /^(?:(?:in|on|by|for|during)\s+)?(?:the\s+)?(?:next|following)\s+(week|month)$/i;
const WEEKDAY_MODIFIER = /\b(this|next|last|past|previous)\s+(?:mon|tue|wed|thu|fri|sat|sun)/i;

function startOfNextPeriod(today: LocalDate, period: string): LocalDate {
  const unit = period.toLowerCase() === 'week' ? 'week' : 'month';
  return dateOf(DateTime.fromObject(today, { zone: 'UTC' }).startOf(unit).plus({ [unit + 's']: 1 }));
}

/**
 * A bare weekday is the next such day after today (1–7 days ahead): on a Saturday, "saturday" means
 * next week's. "this saturday" may be today; "next friday" is the Friday of next (Monday-first) week.
 */
function resolveWeekday(today: LocalDate, chronoWeekday: number, text: string): LocalDate {
  const target = chronoWeekday === 0 ? 7 : chronoWeekday;
  const current = weekdayOf(today);
  const modifier = WEEKDAY_MODIFIER.exec(text)?.[1]?.toLowerCase();
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
export function readCalendarDate(result: ParsedResult, today: LocalDate): LocalDate | null {
  const start = result.start;
  const value = (component: 'year' | 'month' | 'day') => start.get(component) ?? 0;
  const nextPeriod = NEXT_PERIOD.exec(result.text.trim());
  if (nextPeriod) return startOfNextPeriod(today, nextPeriod[1] ?? 'week');
  if (result.tags().has('result/relativeDate')) {
    return { year: value('year'), month: value('month'), day: value('day') };
  }
  if (start.isCertain('day')) {
    if (!start.isCertain('month')) return resolveDayOfMonth(today, value('day'));
    if (start.isCertain('year')) return { year: value('year'), month: value('month'), day: value('day') };
    return resolveYearless(today, value('month'), value('day'));
  }
  if (start.isCertain('weekday')) return resolveWeekday(today, start.get('weekday') ?? 0, result.text);
  if (start.isCertain('month')) {
    if (start.isCertain('year')) return { year: value('year'), month: value('month'), day: value('day') };
    return resolveYearless(today, value('month'), value('day'));
  }
  return null;
}
