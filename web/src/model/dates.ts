/** Where a pending task goes in the daily queue, in the browser's time zone. No DOM here (unit tested). */

export interface Dated {
  /** RFC 3339 instant, or null for an undated task. */
  dueAt: string | null;
}

export interface QueueGroups<T> {
  /** Due before now. */
  overdue: T[];
  /** Due later today, then undated tasks. */
  today: T[];
  /** Due on a later day. */
  upcoming: T[];
}

/** Where a zone chosen in Settings is kept on this device (else the device's own zone is followed). */
export const PINNED_ZONE_KEY = 'tickler.time-zone';

/** This device's IANA time zone. */
export function deviceZone(): string {
  // Reading it builds a formatter (slow on a phone, and the queue asks for every row); a device that
  // moves to another zone is followed within a minute.
  const now = Date.now();
  if (!knownDeviceZone || now - knownDeviceZone.readAt > 60_000) knownDeviceZone = { zone: Intl.DateTimeFormat().resolvedOptions().timeZone, readAt: now };
  return knownDeviceZone.zone;
}

let knownDeviceZone: { zone: string; readAt: number } | undefined;

/** The zone chosen in Settings on this device, or null when the app follows the device's zone. */
export function pinnedZone(): string | null {
  try {
    // Absent in the service worker and in Node (tests): there the device's zone is followed.
    const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
    return storage?.getItem(PINNED_ZONE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** The person's zone, in which every date is read and shown: the one chosen in Settings, else the device's. */
export function personZone(): string {
  return pinnedZone() ?? deviceZone();
}

/** Form fields (YYYY-MM-DD, HH:MM) of a stored due instant, in a zone; empty for an undated task. */
export function fieldsOfDue(dueAt: string | null, timeZone: string): { date: string; time: string } {
  if (!dueAt) return { date: '', time: '' };
  const at = new Date(dueAt);
  return { date: localDay(at, timeZone), time: localTime(at, timeZone) };
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const knownDays = new Map<string, string>();
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Every zone's offset (and so its midnight) is a whole number of quarter hours. */
const QUARTER_HOUR_MS = 900_000;

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  // Within a quarter hour (UTC-aligned) the day is the same in every zone, so the queue's hundreds of
  // rows, drawn again and again, read each quarter hour's day once.
  const key = `${timeZone}|${Math.floor(instant.getTime() / QUARTER_HOUR_MS)}`;
  const known = knownDays.get(key);
  if (known !== undefined) return known;
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  // en-CA writes YYYY-MM-DD itself: format() is much cheaper than formatToParts (the queue reads a day
  // for most of its rows); the parts are the fallback should a browser's data write it otherwise.
  let day = format.format(instant);
  if (!ISO_DAY.test(day)) {
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    day = `${parts.year}-${parts.month}-${parts.day}`;
  }
  if (knownDays.size >= 5_000) knownDays.clear();
  knownDays.set(key, day);
  return day;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock time of an instant in a time zone, as HH:MM (24 h). */
export function localTime(instant: Date, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.hour}:${parts.minute}`;
}

/**
 * Splits pending tasks into the queue's groups: overdue (due before now), today (due later on the
 * caller's today, then undated tasks, as the service's `today` query orders them) and upcoming (a
 * later day). Each group is by due time, earliest first; ties keep their given order.
 */
export function groupTasks<T extends Dated>(tasks: readonly T[], now: Date, timeZone: string): QueueGroups<T> {
  const today = localDay(now, timeZone);
  const groups: QueueGroups<T> = { overdue: [], today: [], upcoming: [] };
  const undated: T[] = [];
  const byDue = [...tasks].sort((a, b) => due(a) - due(b));
  for (const task of byDue) {
    if (task.dueAt === null) {
      undated.push(task);
      continue;
    }
    const at = new Date(task.dueAt);
    if (at.getTime() < now.getTime()) groups.overdue.push(task);
    else if (localDay(at, timeZone) <= today) groups.today.push(task);
    else groups.upcoming.push(task);
  }
  groups.today.push(...undated);
  return groups;
}

function due(task: Dated): number {
  return task.dueAt === null ? Number.POSITIVE_INFINITY : new Date(task.dueAt).getTime();
}

/**
 * The instant of a wall-clock date and time in a time zone (YYYY-MM-DD, HH:MM), as RFC 3339 UTC.
 * A time that does not exist (a spring-forward gap) moves forward by the gap, as clocks do.
 */
export function instantOf(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // Guess with the offset at the wanted wall time read as UTC, then correct once for a changed offset.
  let guess = wanted - offsetMs(new Date(wanted), timeZone);
  guess = wanted - offsetMs(new Date(guess), timeZone);
  return new Date(guess).toISOString();
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

// Formatting for people: every date and time the app shows goes through these, in the person's locale
// (`locale` undefined: the browser's) and zone. Formats are built once per locale, zone and options.
const clockFormats = new Map<string, Intl.DateTimeFormat>();

/** "17:00" (de-DE), "5:00 PM" (en-US): the time of day of an instant in a zone, in the locale's own clock. */
export function formatClock(instant: Date, timeZone: string, locale?: string): string {
  const key = `${locale ?? ''}|${timeZone}`;
  let found = clockFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
    clockFormats.set(key, found);
  }
  return found.format(instant);
}

/** Whole calendar days from one YYYY-MM-DD to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000);
}

function dayNumber(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

/** YYYY-MM-DD `days` after a YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(dayNumber(day) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 (Sunday) to 6 (Saturday) of a YYYY-MM-DD. */
export function weekdayOf(day: string): number {
  return new Date(dayNumber(day)).getUTCDay();
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** "Today", "Tomorrow", "Yesterday" in the person's language ("Heute", "Morgen", "Gestern"). */
function relativeDay(offset: -1 | 0 | 1, locale: string | undefined): string {
  const key = locale ?? '';
  let found = relativeFormats.get(key);
  if (!found) {
    found = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(key, found);
  }
  const word = found.format(offset, 'day');
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

const longFormats = new Map<string, Intl.DateTimeFormat>();

function dateFormat(locale: string | undefined, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${timeZone}|${JSON.stringify(options)}`;
  let found = longFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    longFormats.set(key, found);
  }
  return found;
}

/**
 * The day of an instant as people say it, relative to `now` in the zone: "Today", "Tomorrow",
 * "Yesterday", the weekday within the coming week ("Friday"), else the date ("Mon, Nov 30"), with its
 * year when that is not this year ("Sat, Jan 2, 2027"). All in the person's locale.
 */
export function formatDayName(instant: Date, now: Date, timeZone: string, locale?: string): string {
  const day = localDay(instant, timeZone);
  const today = localDay(now, timeZone);
  const offset = daysBetween(today, day);
  if (offset === 0 || offset === 1 || offset === -1) return relativeDay(offset, locale);
  if (offset > 1 && offset < 7) return dateFormat(locale, timeZone, { weekday: 'long' }).format(instant);
  const sameYear = day.slice(0, 4) === today.slice(0, 4);
  return dateFormat(locale, timeZone, sameYear ? { weekday: 'short', day: 'numeric', month: 'short' } : { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(
    instant,
  );
}

/** A day and its time, as people say it: "Today, 17:05", "Tomorrow, 9:00 AM", "Friday, 8:00 AM", "Mon, Nov 30, 8:00 AM". */
export function formatWhen(instant: Date, now: Date, timeZone: string, locale?: string): string {
  return `${formatDayName(instant, now, timeZone, locale)}, ${formatClock(instant, timeZone, locale)}`;
}

/**
 * When a task is due, as the queue shows it: the time alone today (the queue's heading says the day),
 * else its day name and time (formatWhen); "No date" without one.
 */
export function formatDue(dueAt: string | null, now: Date, timeZone: string, locale?: string): string {
  if (!dueAt) return 'No date';
  const at = new Date(dueAt);
  return localDay(at, timeZone) === localDay(now, timeZone) ? formatClock(at, timeZone, locale) : formatWhen(at, now, timeZone, locale);
}

/** The days the review form offers as chips, as YYYY-MM-DD in the zone. */
export interface QuickDates {
  today: string;
  tomorrow: string;
  /** The coming Saturday; today on a Saturday or Sunday. */
  weekend: string;
  /** The coming Monday (a week from today on a Monday). */
  nextWeek: string;
}

export function quickDates(now: Date, timeZone: string): QuickDates {
  const today = localDay(now, timeZone);
  const weekday = weekdayOf(today);
  return {
    today,
    tomorrow: addDays(today, 1),
    weekend: weekday === 6 || weekday === 0 ? today : addDays(today, 6 - weekday),
    nextWeek: addDays(today, ((8 - weekday) % 7) || 7),
  };
}

/** The name of a capture language in the app's own language (English): "de" → "German". */
export function languageName(code: string, displayLocale = 'en'): string {
  try {
    return new Intl.DisplayNames([displayLocale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
