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

/** A floating time as the wall-clock text a task keeps in `dueLocal`: 2027-03-14T02:30:00. */
function formatFloating(floating: Date): string {
  return floating.toISOString().slice(0, 19);
}

function parseFloating(text: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(text)) return null;
  const floating = new Date(`${text}Z`);
  return Number.isNaN(floating.getTime()) ? null : floating;
}

/**
 * Where a repeating task stands: its current occurrence (dueAt) and, when that occurrence's local time
 * does not exist (a daylight-saving gap moved it), the wall-clock time the rule gave it (`dueLocal`).
 */
export interface SeriesPosition {
  dueAt: Date;
  dueLocal: string | null;
}

/**
 * The wall-clock date-time of the series' current occurrence, as a floating time. The rule is read
 * from here, not from dueAt's local reading: after 02:30 was moved to 03:30 by a gap, the next day is
 * 02:30 again, not 03:30 for good. `dueLocal` is believed only while it still names dueAt in the zone;
 * after a change of time zone (or any write that moved dueAt without it) it names another instant and
 * dueAt's own reading is the series' time again.
 */
export function seriesWallClock(series: SeriesPosition, timeZone: string): Date {
  const kept = series.dueLocal === null ? null : parseFloating(series.dueLocal);
  if (kept !== null && fromFloating(kept, timeZone).getTime() === series.dueAt.getTime()) return kept;
  return toFloating(series.dueAt, timeZone);
}

/** A wall-clock occurrence placed in the zone; `dueLocal` only when the instant's own reading differs (a gap). */
function placeOccurrence(floating: Date, timeZone: string): SeriesPosition {
  const dueAt = fromFloating(floating, timeZone);
  return { dueAt, dueLocal: toFloating(dueAt, timeZone).getTime() === floating.getTime() ? null : formatFloating(floating) };
}

function floatingRule(recurrence: string, start: Date, timeZone: string): InstanceType<typeof RRule> {
  const options = RRule.parseString(recurrence);
  const untilMatch = /(?:^|;)UNTIL=(\d{8})(T\d{6}Z)?/.exec(recurrence);
  if (untilMatch) {
    // A date-only UNTIL includes that whole local day; a UTC one is taken as the local time it names.
    options.until = untilMatch[2]
      ? toFloating(options.until!, timeZone)
      : new Date(Date.UTC(Number(untilMatch[1]!.slice(0, 4)), Number(untilMatch[1]!.slice(4, 6)) - 1, Number(untilMatch[1]!.slice(6, 8)), 23, 59, 59));
  }
  return new RRule({ ...options, dtstart: start });
}

/**
 * The rule's first occurrence at or after the series' wall-clock time, or null when it has none (an
 * UNTIL before it). A task's dueAt is moved there on create and on change, so DTSTART is always an
 * occurrence: RFC 5545 leaves a set whose DTSTART is none undefined (ical.js counts it in COUNT,
 * python-dateutil does not), and every consumer of the feed must see the same dates as the service.
 */
export function firstOccurrence(recurrence: string, series: SeriesPosition, timeZone: string): SeriesPosition | null {
  const [first] = floatingRule(recurrence, seriesWallClock(series, timeZone), timeZone).all((_occurrence, index) => index < 1);
  return first === undefined ? null : placeOccurrence(first, timeZone);
}

export interface NextOccurrence extends SeriesPosition {
  /** The rule from the new due time on: COUNT lowered by the occurrences passed, otherwise unchanged. */
  recurrence: string;
}

const DAY_MS = 86_400_000;

/**
 * Where a repeating task moves when its current occurrence is completed at `now`. On time (on or
 * before the occurrence's local day): the next occurrence after it. Late (on a later local day): the
 * first occurrence after today, so a daily task done three days late is due tomorrow, not three times
 * today (Todoist's rule). Null when the rule has no further occurrence. COUNT counts the occurrences
 * the rule generates from the current one on. The rule runs from the series' wall-clock time
 * (seriesWallClock), so an occurrence moved by a daylight-saving gap moves only itself.
 */
export function nextOccurrence(recurrence: string, series: SeriesPosition, timeZone: string, now: Date): NextOccurrence | null {
  const start = seriesWallClock(series, timeZone);
  const today = DateTime.fromJSDate(now, { zone: timeZone });
  const todayStart = Date.UTC(today.year, today.month - 1, today.day);
  const late = todayStart > Math.floor(start.getTime() / DAY_MS) * DAY_MS;
  const threshold = late ? todayStart + DAY_MS : start.getTime() + 1;
  let found: { at: Date; passed: number } | null = null;
  floatingRule(recurrence, start, timeZone).all((occurrence, index) => {
    if (occurrence.getTime() >= threshold) {
      found = { at: occurrence, passed: index };
      return false;
    }
    return true;
  });
  if (found === null) return null;
  const { at, passed } = found as { at: Date; passed: number };
  const rewritten = recurrence.replace(/(^|;)COUNT=(\d+)/, (_whole, lead: string, count: string) => `${lead}COUNT=${Number(count) - passed}`);
  return { ...placeOccurrence(at, timeZone), recurrence: rewritten };
}

/** The first `limit` occurrences from the series' current one on, as instants (tests). */
export function listOccurrences(recurrence: string, series: SeriesPosition, timeZone: string, limit: number): Date[] {
  return floatingRule(recurrence, seriesWallClock(series, timeZone), timeZone)
    .all((_occurrence, index) => index < limit)
    .map((occurrence) => fromFloating(occurrence, timeZone));
}

const ORDINALS: Record<string, string> = { '1': 'first', '2': 'second', '3': 'third', '4': 'fourth', '-1': 'last', '-2': 'second-to-last' };

/** An English reading of the rule at the series' local time: "every week on Monday at 9:00". */
export function describeRule(recurrence: string, series: SeriesPosition, timeZone: string): string {
  const start = seriesWallClock(series, timeZone);
  let text = floatingRule(recurrence, start, timeZone).toText();
  // rrule's reading leaves BYSETPOS out ("every month on weekdays" for "the last weekday").
  const setPos = /(?:^|;)BYSETPOS=([^;]+)/.exec(recurrence)?.[1];
  if (setPos) text += `, only the ${setPos.split(',').map((n) => ORDINALS[n] ?? `#${n}`).join(' and ')} of them`;
  const until = /\s(until|for)\s/.exec(text);
  const at = ` at ${start.getUTCHours()}:${String(start.getUTCMinutes()).padStart(2, '0')}`;
  return until ? `${text.slice(0, until.index)}${at}${text.slice(until.index)}` : `${text}${at}`;
}
