import type { ParsedResult } from 'chrono-node';
import type { DateTime } from 'luxon';
import type { RecurrenceAnchor } from './extract-recurrence.js';
import { addDays, dateOf, timeOf, weekdayOf, type LocalDate, type LocalTime } from './local-calendar.js';
import { isAfter, placeOnDate, placeWithoutDate, type ScheduleDoubt } from './place-spoken-time.js';
import { readCalendarDate } from './read-calendar-date.js';
import { readElapsedDuration } from './read-elapsed-duration.js';
import { readTimeOfDay, type SpokenTime } from './read-time-of-day.js';
import type { TextSpan } from './text-span.js';

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
  /** The text chrono parsed (offsets match the results). */
  text: string;
  results: readonly ParsedResult[];
  /** Now in the caller's zone; chrono was given the same wall clock. */
  now: DateTime;
  recurrence: RecurrenceAnchor | null;
}

function spanOf(result: ParsedResult): TextSpan {
  return { start: result.index, end: result.index + result.text.length };
}

// Falls back to chrono's answer: the wall clock it was given plus the duration, minus that wall clock.
function elapsedMillis(result: ParsedResult, now: DateTime): number {
  const read = readElapsedDuration(result.text);
  if (read !== null) return read;
  const at = (c: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond') => result.start.get(c) ?? 0;
  const spoken = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'), at('millisecond'));
  const reference = Date.UTC(now.year, now.month - 1, now.day, now.hour, now.minute, now.second, now.millisecond);
  return spoken - reference;
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

// "at 6 tomorrow evening": chrono joins "at 6 tomorrow" and leaves "evening" on its own. The part of
// the day next to a used phrase belongs to it and settles am/pm.
function absorbPartOfDay(
  text: string,
  results: readonly ParsedResult[],
  used: readonly ParsedResult[],
  spoken: SpokenTime | null,
): { spoken: SpokenTime | null; spans: TextSpan[] } {
  const spans: TextSpan[] = [];
  let settled = spoken;
  for (const result of results) {
    const part = readTimeOfDay(result);
    if (used.includes(result) || part?.kind !== 'part-of-day') continue;
    const touches = used.some((other) => {
      const [first, second] = other.index < result.index ? [other, result] : [result, other];
      return /^\s*$/.test(text.slice(first.index + first.text.length, second.index));
    });
    if (!touches) continue;
    spans.push(spanOf(result));
    if (settled?.kind === 'bare-hour') {
      const hour = part.hour >= 12 && settled.hour < 12 ? settled.hour + 12 : settled.hour;
      settled = { ...settled, hour, kind: 'exact' };
    }
  }
  return { spoken: settled, spans };
}

function fromInstant(instant: DateTime, spans: TextSpan[], doubts: ScheduleDoubt[]): Schedule {
  return { date: dateOf(instant), time: timeOf(instant), instant, spans, doubts };
}

/** Turns chrono's findings (plus a recurrence, if any) into one local date and time. */
export function resolveSchedule({ text, results, now, recurrence }: ResolveScheduleInput): Schedule {
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
  const used = [primary, timeResult].filter((r) => r !== undefined);
  const absorbed = absorbPartOfDay(text, results, used, timeResult ? readTimeOfDay(timeResult) : null);
  const spoken = absorbed.spoken;
  const spans = [...used.map(spanOf), ...absorbed.spans];

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
