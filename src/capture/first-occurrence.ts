import type { DateTime } from 'luxon';
import type { RepeatRule } from './extract-recurrence.js';
import { addDays, compareDates, dateOf, weekdayOf, type LocalDate, type LocalTime } from './local-calendar.js';

const DAY_MS = 86_400_000;

// The search below looks at up to five years of days: plain UTC arithmetic, not luxon, keeps a yearly
// rule's search well under a millisecond.
function dayAt(ms: number): { date: LocalDate; weekday: number } {
  const at = new Date(ms);
  return { date: { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() }, weekday: ((at.getUTCDay() + 6) % 7) + 1 };
}
import { isAfter } from './place-spoken-time.js';

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
// Enough to reach a February 29th from any day.
const SEARCH_DAYS = 5 * 366;

function daysInMonth(date: LocalDate): number {
  return new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
}

/** True when the rule names where in the week, month or year it falls (a daily rule needs nothing). */
function isPositioned(rule: RepeatRule): boolean {
  switch (rule.freq) {
    case 'DAILY':
      return true;
    case 'WEEKLY':
      return rule.byDay !== null;
    case 'MONTHLY':
      return rule.byDay !== null || rule.byMonthDay !== null;
    case 'YEARLY':
      return rule.byMonth !== null;
  }
}

/** "every week" from a Tuesday is every Tuesday; "every month" from the 21st is on the 21st. */
function positionFrom(rule: RepeatRule, first: LocalDate): RepeatRule {
  switch (rule.freq) {
    case 'WEEKLY':
      return { ...rule, byDay: rule.byDay ?? [CODES[weekdayOf(first) - 1]!] };
    case 'MONTHLY':
      return rule.byDay || rule.byMonthDay ? rule : { ...rule, byMonthDay: [first.day] };
    case 'YEARLY':
      return rule.byMonth !== null ? rule : { ...rule, byMonth: first.month, byMonthDay: rule.byMonthDay ?? [first.day] };
    default:
      return rule;
  }
}

function matchesDay(entry: string, date: LocalDate, weekday: number): boolean {
  const m = /^(-?\d+)?([A-Z]{2})$/.exec(entry);
  if (!m || CODES.indexOf(m[2]!) !== weekday - 1) return false;
  if (m[1] === undefined) return true;
  const n = Number(m[1]);
  return n > 0 ? Math.ceil(date.day / 7) === n : Math.floor((daysInMonth(date) - date.day) / 7) + 1 === -n;
}

function matchesRule(rule: RepeatRule, date: LocalDate, weekday: number): boolean {
  if (rule.byMonth !== null && date.month !== rule.byMonth) return false;
  if (rule.byMonthDay !== null) {
    const last = daysInMonth(date);
    if (!rule.byMonthDay.some((n) => (n > 0 ? date.day === n : date.day === last + n + 1))) return false;
  }
  return rule.byDay === null || rule.byDay.some((entry) => matchesDay(entry, date, weekday));
}

/**
 * The first occurrence of a repeat from `start` on (today counts while its time is still ahead, or
 * when no time was said), and the rule with its position filled in from there when the phrase left
 * it open ("every 2 weeks" said on a Saturday repeats on Saturdays).
 */
export function firstOccurrence(rule: RepeatRule, start: LocalDate, time: LocalTime | null, now: DateTime): { date: LocalDate; rule: RepeatRule } {
  const today = dateOf(now);
  const isAhead = (date: LocalDate) => compareDates(date, today) > 0 || time === null || isAfter(date, time, now);
  const from = compareDates(start, today) < 0 ? today : start;
  if (!isPositioned(rule)) {
    const first = isAhead(from) ? from : addDays(from, 1);
    return { date: first, rule: positionFrom(rule, first) };
  }
  const fromMs = Date.UTC(from.year, from.month - 1, from.day);
  for (let ahead = 0; ahead < SEARCH_DAYS; ahead += 1) {
    const { date, weekday } = dayAt(fromMs + ahead * DAY_MS);
    if (matchesRule(rule, date, weekday) && isAhead(date)) return { date, rule };
  }
  return { date: from, rule };
}
