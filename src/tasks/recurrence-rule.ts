import { invalidTask } from '../errors.js';

export const RECURRENCE_MAX_LENGTH = 500;
export const RECURRENCE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/** More than this many occurrences a year are refused (a task, not a clock); see normalizeRecurrence. */
export const RECURRENCE_MAX_PER_YEAR = 1000;
export const RECURRENCE_MAX_COUNT = 1000;
export const RECURRENCE_MAX_INTERVAL = 1000;

const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
// Canonical order of the parts, so equal rules are stored (and compared) as equal text.
const PART_ORDER = ['FREQ', 'INTERVAL', 'COUNT', 'UNTIL', 'BYMONTH', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST'];
// Parts that repeat within a day: refused, so a rule yields at most one occurrence a day (366 a year).
const TIME_PARTS = ['BYHOUR', 'BYMINUTE', 'BYSECOND'];

function integerList(part: string, value: string, min: number, max: number, zero = true): number[] {
  const items = value.split(',');
  return items.map((item) => {
    if (!/^[+-]?\d{1,4}$/.test(item)) throw invalidTask(`recurrence: ${part} must be a comma-separated list of integers`);
    const n = Number(item);
    if (Math.abs(n) < min || Math.abs(n) > max || (n === 0 && !zero) || (n < 0 && zero)) {
      throw invalidTask(`recurrence: ${part} value ${item} is out of range`);
    }
    return n;
  });
}

function positiveInteger(part: string, value: string, max: number): void {
  if (!/^\d{1,5}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw invalidTask(`recurrence: ${part} must be an integer from 1 to ${max}`);
  }
}

function checkUntil(value: string): void {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})Z)?$/.exec(value);
  if (!m) throw invalidTask('recurrence: UNTIL must be a date (20271231) or a UTC date-time (20271231T235959Z)');
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const validTime = m[4] === undefined || (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60);
  if (year < 1970 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || !validTime) {
    throw invalidTask('recurrence: UNTIL is not a real date');
  }
}

/**
 * Checks the text of an RFC 5545 RRULE value and returns it in canonical form (upper case, parts in a
 * fixed order, no "RRULE:" prefix). Only the parts a task needs are accepted: FREQ (DAILY to YEARLY),
 * INTERVAL, COUNT or UNTIL, BYMONTH, BYMONTHDAY, BYDAY (with ordinals for monthly and yearly rules),
 * BYSETPOS and WKST. The rule library is lenient, so every value is checked here. Sub-daily
 * frequencies and BYHOUR/BYMINUTE/BYSECOND are refused, which keeps every accepted rule at one
 * occurrence a day at most, far under RECURRENCE_MAX_PER_YEAR (the cap the issue sets).
 */
export function normalizeRecurrence(raw: string): string {
  if (raw.length > RECURRENCE_MAX_LENGTH) throw invalidTask(`recurrence must be at most ${RECURRENCE_MAX_LENGTH} characters`);
  const text = raw.trim().toUpperCase().replace(/^RRULE:/, '');
  const parts = new Map<string, string>();
  for (const piece of text.split(';')) {
    const m = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(piece);
    if (!m) throw invalidTask(`recurrence must be an RFC 5545 RRULE value such as FREQ=WEEKLY;BYDAY=MO, got "${raw.slice(0, 80)}"`);
    const [, name, value] = m as unknown as [string, string, string];
    if (TIME_PARTS.includes(name)) {
      throw invalidTask(
        `recurrence: ${name} is not supported: the time of day comes from dueAt, and more than ${RECURRENCE_MAX_PER_YEAR} occurrences a year are refused`,
      );
    }
    if (!PART_ORDER.includes(name)) throw invalidTask(`recurrence: ${name} is not supported`);
    if (parts.has(name)) throw invalidTask(`recurrence: ${name} is given twice`);
    parts.set(name, value);
  }
  const freq = parts.get('FREQ');
  if (freq === undefined) throw invalidTask('recurrence must have a FREQ');
  if (['SECONDLY', 'MINUTELY', 'HOURLY'].includes(freq)) {
    throw invalidTask(`recurrence: FREQ=${freq} is not supported; a task repeats at most daily (FREQ=DAILY)`);
  }
  if (!(RECURRENCE_FREQUENCIES as readonly string[]).includes(freq)) {
    throw invalidTask(`recurrence: FREQ must be one of ${RECURRENCE_FREQUENCIES.join(', ')}`);
  }
  if (parts.has('COUNT') && parts.has('UNTIL')) throw invalidTask('recurrence: COUNT and UNTIL cannot both be given');
  for (const [name, value] of parts) {
    switch (name) {
      case 'INTERVAL':
        positiveInteger(name, value, RECURRENCE_MAX_INTERVAL);
        break;
      case 'COUNT':
        positiveInteger(name, value, RECURRENCE_MAX_COUNT);
        break;
      case 'UNTIL':
        checkUntil(value);
        break;
      case 'BYMONTH':
        integerList(name, value, 1, 12);
        break;
      case 'BYMONTHDAY':
        integerList(name, value, 1, 31, false);
        break;
      case 'BYSETPOS':
        integerList(name, value, 1, 366, false);
        break;
      case 'WKST':
        if (!WEEKDAYS.includes(value)) throw invalidTask('recurrence: WKST must be a weekday (MO to SU)');
        break;
      case 'BYDAY':
        for (const day of value.split(',')) {
          const d = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(day);
          if (!d) throw invalidTask(`recurrence: BYDAY value ${day} is not a weekday such as MO, 1MO or -1FR`);
          if (d[1] !== undefined) {
            const ordinal = Number(d[1]);
            const max = freq === 'MONTHLY' ? 5 : freq === 'YEARLY' ? 53 : 0;
            if (max === 0) throw invalidTask('recurrence: BYDAY ordinals (1MO, -1FR) need FREQ=MONTHLY or YEARLY');
            if (ordinal === 0 || Math.abs(ordinal) > max) throw invalidTask(`recurrence: BYDAY ordinal ${d[1]} is out of range`);
          }
        }
        break;
    }
  }
  if (parts.has('BYMONTH') && parts.has('BYMONTHDAY')) {
    // "Every February 30th": rrule would search to the year 9999 for an occurrence that never comes.
    const longest = Math.max(...integerList('BYMONTH', parts.get('BYMONTH')!, 1, 12).map((month) => [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!));
    if (integerList('BYMONTHDAY', parts.get('BYMONTHDAY')!, 1, 31, false).every((day) => Math.abs(day) > longest)) {
      throw invalidTask('recurrence never occurs: no month in BYMONTH has a day in BYMONTHDAY');
    }
  }
  if (parts.has('BYSETPOS') && [...parts.keys()].every((name) => !name.startsWith('BY') || name === 'BYSETPOS')) {
    throw invalidTask('recurrence: BYSETPOS needs another BYxxx part');
  }
  return PART_ORDER.filter((name) => parts.has(name))
    .map((name) => `${name}=${parts.get(name)}`)
    .join(';');
}
