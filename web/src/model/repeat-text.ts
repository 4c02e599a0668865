/** A repeat rule (RFC 5545 RRULE, counted from the task's due time) as a sentence: "Every Monday at 8:00". No DOM here. */
import { personZone, formatClock, localDay, weekdayOf } from './dates.js';

const WEEKDAYS: Record<string, string> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};
const BY_NUMBER = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];
const WORKDAYS = 'MO,TU,WE,TH,FR';
const ORDINAL_WORDS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last' };
/** What this module can put in words; a rule with any other part is left to the service's reading. */
const KNOWN = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST']);

export interface RepeatOptions {
  timeZone?: string;
  locale?: string;
  /** Ends with the due time ("… at 8:00 AM"): for the review form, where the time is not shown beside it. */
  withTime?: boolean;
}

function ordinal(n: number): string {
  const suffix = { one: 'st', two: 'nd', few: 'rd', other: 'th' }[new Intl.PluralRules('en', { type: 'ordinal' }).select(n) as 'one'] ?? 'th';
  return `${n}${suffix}`;
}

function list(words: string[]): string {
  return new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(words);
}

function every(interval: number, one: string, many: string): string {
  if (interval === 1) return `Every ${one}`;
  if (interval === 2) return `Every other ${one}`;
  return `Every ${interval} ${many}`;
}

/**
 * The rule in the app's words, or null when it has parts these words do not cover (then show the
 * service's own reading). Days and times come from `dueAt` where the rule leaves them to it.
 */
export function describeRepeat(rule: string, dueAt: string | null, options: RepeatOptions = {}): string | null {
  const timeZone = options.timeZone ?? personZone();
  const parts = new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
  if ([...parts.keys()].some((key) => !KNOWN.has(key))) return null;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!Number.isInteger(interval) || interval < 1) return null;
  const due = dueAt ? new Date(dueAt) : null;
  const dueDay = due ? localDay(due, timeZone) : null;
  const byDay = parts.get('BYDAY');
  const byMonthDay = parts.get('BYMONTHDAY');
  let sentence: string | null;
  switch (parts.get('FREQ')) {
    case 'DAILY':
      sentence = byDay || byMonthDay ? null : interval === 1 ? 'Every day' : `Every ${interval} days`;
      break;
    case 'WEEKLY':
      sentence = weekly(interval, byDay, dueDay, byMonthDay);
      break;
    case 'MONTHLY':
      sentence = monthly(interval, byDay, byMonthDay, dueDay);
      break;
    case 'YEARLY':
      sentence = byDay || byMonthDay ? null : yearly(interval, due, timeZone, options.locale);
      break;
    default:
      sentence = null;
  }
  if (!sentence) return null;
  if (options.withTime && due) sentence += ` at ${formatClock(due, timeZone, options.locale)}`;
  const count = parts.get('COUNT');
  if (count) sentence += `, ${count} times`;
  const until = parts.get('UNTIL');
  if (until) {
    // A date (the whole local day), or a UTC date-time: then its day in the zone.
    const match = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(until);
    if (!match) return null;
    const [year, month, date, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
    const instant = hour === undefined ? new Date(Date.UTC(year!, month! - 1, date!, 12)) : new Date(Date.UTC(year!, month! - 1, date!, hour, minute, second));
    const zone = hour === undefined ? 'UTC' : timeZone;
    sentence += `, until ${new Intl.DateTimeFormat(options.locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone }).format(instant)}`;
  }
  return sentence;
}

function weekly(interval: number, byDay: string | undefined, dueDay: string | null, byMonthDay: string | undefined): string | null {
  if (byMonthDay) return null;
  if (byDay === WORKDAYS && interval === 1) return 'Every weekday';
  const codes = byDay ? byDay.split(',') : dueDay ? [BY_NUMBER[weekdayOf(dueDay)]!] : [];
  if (codes.some((code) => !WEEKDAYS[code])) return null;
  if (codes.length === 0) return every(interval, 'week', 'weeks');
  const names = list(codes.map((code) => WEEKDAYS[code]!));
  return interval <= 2 ? every(interval, names, '') : `Every ${interval} weeks on ${names}`;
}

function monthly(interval: number, byDay: string | undefined, byMonthDay: string | undefined, dueDay: string | null): string | null {
  let on: string | null = null;
  if (byDay && byMonthDay) return null;
  if (byMonthDay) {
    if (byMonthDay === '-1') on = 'the last day';
    else if (/^\d{1,2}$/.test(byMonthDay)) on = `the ${ordinal(Number(byMonthDay))}`;
    else return null;
  } else if (byDay) {
    const match = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
    if (!match) return null;
    on = `the ${ORDINAL_WORDS[match[1]!]} ${WEEKDAYS[match[2]!]}`;
  } else if (dueDay) {
    on = `the ${ordinal(Number(dueDay.slice(8, 10)))}`;
  }
  const base = every(interval, 'month', 'months');
  return on ? `${base} on ${on}` : base;
}

function yearly(interval: number, due: Date | null, timeZone: string, locale: string | undefined): string {
  const base = every(interval, 'year', 'years');
  if (!due) return base;
  return `${base} on ${new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone }).format(due)}`;
}

/**
 * The rule as the person reads it: these words, else the service's reading with a capital letter,
 * else "Custom repeat".
 */
export function repeatSentence(rule: string, dueAt: string | null, reading: string | null, options: RepeatOptions = {}): string {
  const words = describeRepeat(rule, dueAt, options);
  if (words) return words;
  if (reading) return reading.charAt(0).toUpperCase() + reading.slice(1);
  return 'Custom repeat';
}
