import { DateTime } from 'luxon';
import { invalidRequest } from '../errors.js';

/** A calendar day in the caller's zone. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/** A wall-clock time in the caller's zone. */
export interface LocalTime {
  hour: number;
  minute: number;
}

/** "now" as wall-clock time in an IANA zone; rejects unknown zones instead of silently using UTC. */
export function toZonedNow(now: Date, timeZone: string): DateTime {
  const zoned = DateTime.fromJSDate(now, { zone: timeZone });
  if (!zoned.isValid) throw invalidRequest(`Unknown time zone: ${timeZone}`);
  return zoned;
}

export function parseClockTime(value: string): LocalTime {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (!match) throw invalidRequest(`Expected a time as HH:MM, got: ${value}`);
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

export function dateOf(dateTime: DateTime): LocalDate {
  return { year: dateTime.year, month: dateTime.month, day: dateTime.day };
}

export function timeOf(dateTime: DateTime): LocalTime {
  return { hour: dateTime.hour, minute: dateTime.minute };
}

/** The local date and time as a zoned DateTime; times inside a DST gap move forward like a wall clock. */
export function atLocal(date: LocalDate, time: LocalTime, zone: string): DateTime {
  const { year, month, day } = date;
  return DateTime.fromObject({ year, month, day, hour: time.hour, minute: time.minute }, { zone });
}

export function addDays(date: LocalDate, days: number): LocalDate {
  return dateOf(DateTime.fromObject(date, { zone: 'UTC' }).plus({ days }));
}

export function compareDates(a: LocalDate, b: LocalDate): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

export function isValidDate(date: LocalDate): boolean {
  return DateTime.fromObject(date, { zone: 'UTC' }).isValid;
}

/** ISO weekday, 1 = Monday … 7 = Sunday. */
export function weekdayOf(date: LocalDate): number {
  return DateTime.fromObject(date, { zone: 'UTC' }).weekday;
}

export function formatDate(date: LocalDate): string {
  return DateTime.fromObject(date, { zone: 'UTC' }).toFormat('yyyy-MM-dd');
}

export function formatTime(time: LocalTime): string {
  return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
}
