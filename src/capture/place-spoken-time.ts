import type { DateTime } from 'luxon';
import { addDays, atLocal, compareDates, dateOf, timeOf, type LocalDate, type LocalTime } from './local-calendar.js';
import type { SpokenTime } from './read-time-of-day.js';

/** Reasons the result may not be what the user meant; they lower the confidence. */
export type ScheduleDoubt = 'am-pm-guessed' | 'second-date-ignored' | 'time-in-past' | 'time-moved';

const END_OF_DAY: LocalTime = { hour: 17, minute: 0 };
const LAST_MINUTE: LocalTime = { hour: 23, minute: 59 };

export function isAfter(date: LocalDate, time: LocalTime, now: DateTime): boolean {
  return atLocal(date, time, now.zoneName ?? 'UTC') > now;
}

/** Later today, on the hour, for "tonight" said after the evening has begun. */
function nextHourToday(now: DateTime): LocalTime {
  const next = now.plus({ hours: 1 }).startOf('hour');
  return next.day === now.day ? timeOf(next) : LAST_MINUTE;
}

export function placeOnDate(date: LocalDate, spoken: SpokenTime, now: DateTime, doubts: ScheduleDoubt[]): LocalTime {
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
export function placeWithoutDate(spoken: SpokenTime, now: DateTime, doubts: ScheduleDoubt[]): { date: LocalDate; time: LocalTime } {
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
