import type { ParsedResult } from 'chrono-node';
import type { DateTime } from 'luxon';
import type { RecurrencePhrase, RepeatRule } from './extract-recurrence.js';
import { firstOccurrence } from './first-occurrence.js';
import type { DateWords } from './languages/language-grammar.js';
import type { Lexicon } from './languages/lexicon.js';
import { dateOf, timeOf, type LocalDate, type LocalTime } from './local-calendar.js';
import { placeOnDate, placeWithoutDate, type ScheduleDoubt } from './place-spoken-time.js';
import { readCalendarDate } from './read-calendar-date.js';
import { readElapsedDuration } from './read-elapsed-duration.js';
import { readTimeOfDay, type SpokenTime } from './read-time-of-day.js';
import type { TextSpan } from './text-span.js';

export interface Schedule {
  date: LocalDate | null;
  /** A repeat's rule with the position it took from its first occurrence ("every 2 weeks" from a Saturday is on Saturdays). */
  rule: RepeatRule | null;
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
  recurrence: Pick<RecurrencePhrase, 'repeat' | 'partOfDayHour'> | null;
  dates: DateWords;
  lexicon: Lexicon;
}

function spanOf(result: ParsedResult): TextSpan {
  return { start: result.index, end: result.index + result.text.length };
}

// Falls back to chrono's answer: the wall clock it was given plus the duration, minus that wall clock.
function elapsedMillis(result: ParsedResult, now: DateTime, lexicon: Lexicon): number {
  const read = readElapsedDuration(result.text, lexicon);
  if (read !== null) return read;
  const at = (c: 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond') => result.start.get(c) ?? 0;
  const spoken = Date.UTC(at('year'), at('month') - 1, at('day'), at('hour'), at('minute'), at('second'), at('millisecond'));
  const reference = Date.UTC(now.year, now.month - 1, now.day, now.hour, now.minute, now.second, now.millisecond);
  return spoken - reference;
}

/**
 * A habit's time: the repeat's own part of the day settles an open hour ("every evening at 7" is
 * 19:00); otherwise a bare 1–6 is afternoon and a bare 7–11 morning ("every day at 9" is 09:00).
 */
function habitTime(spoken: SpokenTime, partOfDayHour: number | null): LocalTime {
  const open = spoken.kind === 'bare-hour' || spoken.meridiemOpen === true;
  if (open && partOfDayHour !== null && partOfDayHour >= 12 && spoken.hour < 12) return { hour: spoken.hour + 12, minute: spoken.minute };
  if (spoken.kind === 'bare-hour' && spoken.hour <= 6) return { hour: spoken.hour + 12, minute: spoken.minute };
  return { hour: spoken.hour, minute: spoken.minute };
}

// "at 6 tomorrow evening": chrono joins "at 6 tomorrow" and leaves "evening" on its own. The part of
// the day next to a used phrase belongs to it and settles am/pm.
function absorbPartOfDay(
  text: string,
  results: readonly ParsedResult[],
  used: readonly ParsedResult[],
  spoken: SpokenTime | null,
  dates: DateWords,
): { spoken: SpokenTime | null; spans: TextSpan[] } {
  const spans: TextSpan[] = [];
  let settled = spoken;
  for (const result of results) {
    const part = readTimeOfDay(result, dates);
    if (used.includes(result) || part?.kind !== 'part-of-day') continue;
    const touches = used.some((other) => {
      const [first, second] = other.index < result.index ? [other, result] : [result, other];
      return /^\s*$/.test(text.slice(first.index + first.text.length, second.index));
    });
    if (!touches) continue;
    spans.push(spanOf(result));
    if (settled?.kind === 'bare-hour' || settled?.meridiemOpen) {
      const hour = part.hour >= 12 && settled.hour < 12 ? settled.hour + 12 : settled.hour;
      settled = { ...settled, hour, kind: 'exact' };
    }
  }
  return { spoken: settled, spans };
}

function fromInstant(instant: DateTime, spans: TextSpan[], doubts: ScheduleDoubt[]): Schedule {
  return { date: dateOf(instant), time: timeOf(instant), instant, spans, doubts, rule: null };
}

/** Turns chrono's findings (plus a repeat, if any) into one local date and time. */
export function resolveSchedule({ text, results, now, recurrence, dates, lexicon }: ResolveScheduleInput): Schedule {
  const today = dateOf(now);
  const doubts: ScheduleDoubt[] = [];
  const dated = results.filter((r) => r.tags().has('result/relativeDateAndTime') || readCalendarDate(r, today, dates));
  const primary = dated[0];
  if (dated.length > 1) doubts.push('second-date-ignored');

  if (primary?.tags().has('result/relativeDateAndTime')) {
    return fromInstant(now.plus({ milliseconds: elapsedMillis(primary, now, lexicon) }), [spanOf(primary)], doubts);
  }
  const primaryTime = primary ? readTimeOfDay(primary, dates) : null;
  const timeResult = primaryTime ? primary : results.find((r) => !dated.includes(r) && readTimeOfDay(r, dates));
  const used = [primary, timeResult].filter((r) => r !== undefined);
  const absorbed = absorbPartOfDay(text, results, used, timeResult ? readTimeOfDay(timeResult, dates) : null, dates);
  const spoken = absorbed.spoken;
  const spans = [...used.map(spanOf), ...absorbed.spans];
  const said = primary ? readCalendarDate(primary, today, dates) : null;

  const repeat = recurrence?.repeat;
  if (repeat?.freq === 'SUBDAILY') {
    if (!said) return fromInstant(now.plus({ minutes: repeat.minutes }), spans, doubts);
  } else if (repeat) {
    const partOfDay = recurrence.partOfDayHour;
    const time = spoken ? habitTime(spoken, partOfDay) : partOfDay !== null ? { hour: partOfDay, minute: 0 } : null;
    if (spoken?.kind === 'bare-hour' && partOfDay === null) doubts.push('am-pm-guessed');
    const first = firstOccurrence(repeat, said ?? today, time, now);
    return { date: first.date, time, instant: null, spans, doubts, rule: first.rule };
  }

  if (!said) {
    if (!spoken) return { date: null, time: null, instant: null, spans, doubts, rule: null };
    return { ...placeWithoutDate(spoken, now, doubts), instant: null, spans, doubts, rule: null };
  }
  const time = spoken ? placeOnDate(said, spoken, now, doubts) : null;
  return { date: said, time, instant: null, spans, doubts, rule: null };
}
