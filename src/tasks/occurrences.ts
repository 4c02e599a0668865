import { DateTime } from 'luxon';
import rrule from 'rrule';

const { RRule } = rrule;

/*
 * rrule does the rule arithmetic on "floating" wall-clock times: a local date-time is carried as the
 * UTC instant with the same fields, where no day is 23 or 25 hours long, so "every day at 09:00" is
 * 09:00 on every day whatever the host's TZ. Each wall-clock occurrence is then placed in the user's
 * zone here (docs/decisions/0007-recurrence-library.md says why not rrule's own TZID support nor
 * rrule-temporal).
 */

function toFloating(instant: Date, timeZone: string): Date {
  const local = DateTime.fromJSDate(instant, { zone: timeZone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
}

/**
 * The instant of a wall-clock time in a zone. A time that happens twice (the hour repeated when clocks
 * go back) is the first of the two; a time that does not exist (skipped when clocks go forward) is
 * read with the offset before the change, so 02:30 becomes 03:30 (RFC 5545, 3.3.5).
 */
export function fromFloating(floating: Date, timeZone: string): Date {
  const wall = floating.getTime();
  const offsetAt = (ms: number) => DateTime.fromMillis(ms, { zone: timeZone }).offset * 60_000;
  const offsets = [...new Set([offsetAt(wall - 86_400_000), offsetAt(wall + 86_400_000)])].sort((a, b) => b - a);
  for (const offset of offsets) {
    const instant = wall - offset;
    if (toFloating(new Date(instant), timeZone).getTime() === wall - (wall % 1000) && offsetAt(instant) === offset) {
      return new Date(instant);
    }
  }
  return new Date(wall - offsetAt(wall - 86_400_000));
}

function floatingRule(recurrence: string, dueAt: Date, timeZone: string): InstanceType<typeof RRule> {
  const options = RRule.parseString(recurrence);
  const untilMatch = /(?:^|;)UNTIL=(\d{8})(T\d{6}Z)?/.exec(recurrence);
  if (untilMatch) {
    // A date-only UNTIL includes that whole local day; a UTC one is taken as the local time it names.
    options.until = untilMatch[2]
      ? toFloating(options.until!, timeZone)
      : new Date(Date.UTC(Number(untilMatch[1]!.slice(0, 4)), Number(untilMatch[1]!.slice(4, 6)) - 1, Number(untilMatch[1]!.slice(6, 8)), 23, 59, 59));
  }
  return new RRule({ ...options, dtstart: toFloating(dueAt, timeZone) });
}

export interface NextOccurrence {
  dueAt: Date;
  /** The rule from the new due time on: COUNT lowered by the occurrences passed, otherwise unchanged. */
  recurrence: string;
}

/**
 * Where a repeating task moves when its current occurrence (dueAt) is completed at `now`. On time (on
 * or before the occurrence's local day): the next occurrence after it. Late (on a later local day):
 * the first occurrence after today, so a daily task done three days late is due tomorrow, not three
 * times today (Todoist's rule). Null when the rule has no further occurrence. COUNT counts the
 * occurrences the rule generates from dueAt on (dueAt among them when it fits the rule).
 */
export function nextOccurrence(recurrence: string, dueAt: Date, timeZone: string, now: Date): NextOccurrence | null {
  const due = DateTime.fromJSDate(dueAt, { zone: timeZone });
  const today = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
  const late = today > due.startOf('day');
  const start = toFloating(dueAt, timeZone).getTime();
  const threshold = late ? toFloating(today.plus({ days: 1 }).toJSDate(), timeZone).getTime() : start + 1;
  let found: { at: Date; passed: number } | null = null;
  floatingRule(recurrence, dueAt, timeZone).all((occurrence, index) => {
    if (occurrence.getTime() >= threshold) {
      found = { at: occurrence, passed: index };
      return false;
    }
    return true;
  });
  if (found === null) return null;
  const { at, passed } = found as { at: Date; passed: number };
  const rewritten = recurrence.replace(/(^|;)COUNT=(\d+)/, (_whole, lead: string, count: string) => `${lead}COUNT=${Number(count) - passed}`);
  return { dueAt: fromFloating(at, timeZone), recurrence: rewritten };
}

/** The first `limit` occurrences from dueAt on, as instants (tests, the calendar feed). */
export function listOccurrences(recurrence: string, dueAt: Date, timeZone: string, limit: number): Date[] {
  return floatingRule(recurrence, dueAt, timeZone)
    .all((_occurrence, index) => index < limit)
    .map((occurrence) => fromFloating(occurrence, timeZone));
}

const ORDINALS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last', '-2': 'second-to-last' };

/** An English reading of the rule at the task's local time: "every week on Monday at 9:00". */
export function describeRule(recurrence: string, dueAt: Date, timeZone: string): string {
  let text = floatingRule(recurrence, dueAt, timeZone).toText();
  // rrule's reading leaves BYSETPOS out ("every month on weekdays" for "the last weekday").
  const setPos = /(?:^|;)BYSETPOS=([^;]+)/.exec(recurrence)?.[1];
  if (setPos) text += `, only the ${setPos.split(',').map((n) => ORDINALS[n] ?? `#${n}`).join(' and ')} of them`;
  const local = DateTime.fromJSDate(dueAt, { zone: timeZone });
  const until = /\s(until|for)\s/.exec(text);
  const at = ` at ${local.toFormat('H:mm')}`;
  return until ? `${text.slice(0, until.index)}${at}${text.slice(until.index)}` : `${text}${at}`;
}
