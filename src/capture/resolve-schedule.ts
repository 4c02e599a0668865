import type { ParsedResult } from 'chrono-node';
import type { DateTime } from 'luxon';
import type { RecurrenceAnchor } from './extract-recurrence.js';
import { addDays, atLocal, compareDates, dateOf, timeOf, weekdayOf, type LocalDate, type LocalTime } from './local-calendar.js';
import { readCalendarDate } from './read-calendar-date.js';
import { readTimeOfDay, type SpokenTime } from './read-time-of-day.js';
import type { TextSpan } from './text-span.js';

/** Reasons the result may not be what the user meant; they lower the confidence. */
export type ScheduleDoubt = 'am-pm-guessed' | 'second-date-ignored' | 'time-in-past' | 'time-moved';

export interface Schedule {
  date: LocalDate | null;
  time: LocalTime | null;
  /** Set when the text gave a duration ("in 2 hours"): elapsed time, not wall-clock time. */
  instant: DateTime | null;
  /** The parsed phrases the schedule came from. */
  spans: TextSpan[];
  doubts: ScheduleDoubt[];
}

export interface ResolveScheduleInput {
  results: readonly ParsedResult[];
  /** Now in the caller's zone; chrono was given the same wall clock. */
  now: DateTime;
  recurrence: RecurrenceAnchor | null;
}

const END_OF_DAY: LocalTime = { hour: 17, minute: 0 };
const LAST_MINUTE: LocalTime = { hour: 23, minute: 59 };

function spanOf(result: ParsedResult): TextSpan {
  return { start: result.index, end: result.index + result.text.length };
}

function isAfter(date: LocalDate, time: LocalTime, now: DateTime): boolean {
  return atLocal(date, time, now.zoneName ?? 'UTC') > now;
}

// Chrono adds durations to the wall clock it was given; the difference is the elapsed time asked for.
function elapsedMillis(result: ParsedResult, now: DateTime): number {
  const at = (c: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond') => result.start.get(c) ?? 0;
  const spoken = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'), at('millisecond'));
  const reference = Date.UTC(now.year, now.month - 1, now.day, now.hour, now.minute, now.second, now.millisecond);
  return spoken - reference;
}

/** Later today, on the hour, for "tonight" said after the evening has begun. */
function nextHourToday(now: DateTime): LocalTime {
  const next = now.plus({ hours: 1 }).startOf('hour');
  return next.day === now.day ? timeOf(next) : LAST_MINUTE;
}

function placeOnDate(date: LocalDate, spoken: SpokenTime, now: DateTime, doubts: ScheduleDoubt[]): LocalTime {
  const today = dateOf(now);
  const isToday = compareDates(date, today) === 0;
  if (spoken.kind === 'end-of-day') return isToday && !isAfter(date, END_OF_DAY, now) ? LAST_MINUTE : END_OF_DAY;
  let time: LocalTime = { hour: spoken.hour, minute: spoken.minute };
  if (spoken.kind === 'bare-hour') {
    doubts.push('am-pm-guessed');
    // Nobody schedules a task for 5 in the morning without saying so.
    if (spoken.hour <= 6) time = { ...time, hour: spoken.hour + 12 };
  }
  if (isToday && !isAfter(date, time, now)) {
    if (spoken.kind === 'part-of-day') {
      doubts.push('time-moved');
      return nextHourToday(now);
    }
    doubts.push('time-in-past');
  }
  return time;
}

/** A time with no date is the next time the clock shows it. */
function placeWithoutDate(spoken: SpokenTime, now: DateTime, doubts: ScheduleDoubt[]): { date: LocalDate; time: LocalTime } {
  const today = dateOf(now);
  if (spoken.kind === 'end-of-day' || spoken.todayOnly) return { date: today, time: placeOnDate(today, spoken, now, doubts) };
  const base: LocalTime = { hour: spoken.hour, minute: spoken.minute };
  const candidates: LocalTime[] = [base];
  if (spoken.kind === 'bare-hour') {
    doubts.push('am-pm-guessed');
    // "at 8" said at noon is tonight; "at 10" said at noon is tomorrow morning.
    if (spoken.hour <= 6) candidates.splice(0, 1, { ...base, hour: spoken.hour + 12 });
    else if (spoken.hour <= 9) candidates.push({ ...base, hour: spoken.hour + 12 });
  }
  const later = candidates.find((time) => isAfter(today, time, now));
  return later ? { date: today, time: later } : { date: addDays(today, 1), time: candidates[0] ?? base };
}

function firstDayMatching(now: DateTime, time: LocalTime | null, isWanted: (weekday: number) => boolean): LocalDate {
  const today = dateOf(now);
  for (let ahead = 0; ahead < 7; ahead += 1) {
    const date = addDays(today, ahead);
    if (!isWanted(weekdayOf(date))) continue;
    if (ahead > 0 || !time || isAfter(date, time, now)) return date;
  }
  return today;
}

function dateFromRecurrence(anchor: RecurrenceAnchor | null, time: LocalTime | null, now: DateTime): LocalDate | null {
  switch (anchor?.kind) {
    case 'weekdays':
      return firstDayMatching(now, time, (weekday) => weekday <= 5);
    case 'weekend':
      return firstDayMatching(now, time, (weekday) => weekday >= 6);
    case 'unanchored':
      return time ? null : dateOf(now);
    default:
      return null;
  }
}

function fromInstant(instant: DateTime, spans: TextSpan[], doubts: ScheduleDoubt[]): Schedule {
  return { date: dateOf(instant), time: timeOf(instant), instant, spans, doubts };
}

/** Turns chrono's findings (plus a recurrence, if any) into one local date and time. */
export function resolveSchedule({ results, now, recurrence }: ResolveScheduleInput): Schedule {
  const today = dateOf(now);
  const doubts: ScheduleDoubt[] = [];
  const dated = results.filter((r) => r.tags().has('result/relativeDateAndTime') || readCalendarDate(r, today));
  const primary = dated[0];
  if (dated.length > 1) doubts.push('second-date-ignored');

  if (primary?.tags().has('result/relativeDateAndTime')) {
    return fromInstant(now.plus({ milliseconds: elapsedMillis(primary, now) }), [spanOf(primary)], doubts);
  }
  const primaryTime = primary ? readTimeOfDay(primary) : null;
  const timeResult = primaryTime ? primary : results.find((r) => !dated.includes(r) && readTimeOfDay(r));
  const spoken = timeResult ? readTimeOfDay(timeResult) : null;
  const spans = [primary, timeResult].filter((r) => r !== undefined).map(spanOf);

  let date = primary ? readCalendarDate(primary, today) : null;
  if (!date && recurrence?.kind === 'interval') {
    return fromInstant(now.plus({ minutes: recurrence.minutes }), spans, doubts);
  }
  date ??= dateFromRecurrence(recurrence, spoken, now);
  if (!date) {
    if (!spoken) return { date: null, time: null, instant: null, spans, doubts };
    return { ...placeWithoutDate(spoken, now, doubts), instant: null, spans, doubts };
  }
  const time = spoken ? placeOnDate(date, spoken, now, doubts) : null;
  return { date, time, instant: null, spans, doubts };
}
