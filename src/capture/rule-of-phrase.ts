import { normalizeRecurrence } from '../tasks/recurrence-rule.js';
import type { RepeatRule } from './extract-recurrence.js';
import { addDays, type LocalDate } from './local-calendar.js';

function compact(date: LocalDate): string {
  return `${date.year}${String(date.month).padStart(2, '0')}${String(date.day).padStart(2, '0')}`;
}

function plus(date: LocalDate, n: number, unit: 'day' | 'week' | 'month' | 'year'): LocalDate {
  if (unit === 'day') return addDays(date, n);
  if (unit === 'week') return addDays(date, 7 * n);
  const months = unit === 'year' ? 12 * n : n;
  const index = date.year * 12 + date.month - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { year, month, day: Math.min(date.day, last) };
}

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

// The week's order, whatever order they were said in: "Thursday and Tuesday" is TU,TH.
function sortDays(days: readonly string[]): string[] {
  const key = (day: string) => {
    const m = /^(-?\d+)?([A-Z]{2})$/.exec(day);
    const n = Number(m?.[1] ?? 0);
    return CODES.indexOf(m?.[2] ?? '') * 100 + (n < 0 ? 50 - n : n);
  };
  return [...days].sort((a, b) => key(a) - key(b));
}

// Days from the start first, then days counted from the end: 15,-1.
function sortMonthDays(days: readonly number[]): number[] {
  return [...days].sort((a, b) => (a > 0) !== (b > 0) ? b - a : Math.abs(a) - Math.abs(b));
}

const FREQ_UNITS: Record<RepeatRule['freq'], string> = { DAILY: 'day', WEEKLY: 'week', MONTHLY: 'month', YEARLY: 'year' };

/** "every Tuesday for 10 weeks" is 10 occurrences; "every day for 2 weeks" has no count in the repeat's own unit. */
function countOfSpan(rule: RepeatRule): number | null {
  if (rule.span === null || FREQ_UNITS[rule.freq] !== rule.span.unit || rule.span.n % rule.interval !== 0) return null;
  const perPeriod = rule.freq === 'WEEKLY' ? (rule.byDay?.length ?? 1) : rule.freq === 'MONTHLY' ? (rule.byDay?.length ?? rule.byMonthDay?.length ?? 1) : 1;
  return (rule.span.n / rule.interval) * perPeriod;
}

/**
 * The RRULE of a repeat whose first occurrence is `first`. "for 10 weeks" of a weekly repeat is
 * COUNT=10 (twice that for two days a week); a span in another unit ("every day for 2 weeks") ends
 * the day before the same day that long after; "until Dec 31" includes that day.
 */
export function ruleOfPhrase(rule: RepeatRule, first: LocalDate, until: LocalDate | null): string {
  const parts = [`FREQ=${rule.freq}`];
  if (rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  const spanCount = countOfSpan(rule);
  if (rule.count !== null) parts.push(`COUNT=${rule.count}`);
  else if (until !== null) parts.push(`UNTIL=${compact(until)}`);
  else if (spanCount !== null) parts.push(`COUNT=${spanCount}`);
  else if (rule.span !== null && rule.span.unit !== 'minute' && rule.span.unit !== 'hour') {
    parts.push(`UNTIL=${compact(addDays(plus(first, rule.span.n, rule.span.unit), -1))}`);
  }
  if (rule.byMonth !== null) parts.push(`BYMONTH=${rule.byMonth}`);
  if (rule.byMonthDay !== null) parts.push(`BYMONTHDAY=${sortMonthDays(rule.byMonthDay).join(',')}`);
  if (rule.byDay !== null) parts.push(`BYDAY=${sortDays(rule.byDay).join(',')}`);
  return normalizeRecurrence(parts.join(';'));
}
