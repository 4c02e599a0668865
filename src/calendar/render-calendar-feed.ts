import { createHash } from 'node:crypto';
import { isRelative, reminderSpecsOf } from '../reminders/reminder-specs.js';
import { DateTime } from 'luxon';
import { hashSecret } from '../auth/secret-token.js';
import type { ContextDeps } from '../context.js';
import { visibleTo } from '../lists/list-access.js';
import { seriesWallClock } from '../tasks/occurrences.js';
import type { TaskRecord } from '../tasks/task-view.js';
import { escapeText, formatUtc, writeIcs, type IcsComponent, type IcsProperty } from './ics-writer.js';
import { isUtcThroughout, vtimezone } from './vtimezone.js';

export type CalendarKind = 'event' | 'todo';

export interface RenderedCalendar {
  body: string;
  /** A strong ETag of the body, quoted. */
  etag: string;
}

const COMPLETED_SHOWN_MS = 30 * 24 * 3_600_000;
const EVENT_DURATION = 'PT15M';
const ICS_PRIORITY: Record<string, string> = { high: '1', medium: '5', low: '9' };
/** The VTIMEZONE covers the repeating tasks' years and this many after the last (or this year): its yearly rules are seen to recur. */
const ZONE_LOOKAHEAD_YEARS = 8;
const ZONE_MAX_YEARS = 60;

/**
 * How a repeating task's times are written: in the user's zone (`TZID=`, with a VTIMEZONE in the
 * document), so a calendar app expands "every day at 09:00" at 09:00 local across daylight-saving
 * changes, as the service does. Null: in UTC (a UTC user, or no repeating task).
 */
type RuleZone = string | null;

/**
 * A repeating task's current occurrence: at the series' wall-clock time (seriesWallClock), so an
 * occurrence a daylight-saving gap moved (02:30 → 03:30) is written 02:30, which a reader places at
 * 03:30 that day (RFC 5545 3.3.5) and repeats at 02:30 after it, as the service does.
 */
function occurrenceTime(name: string, task: TaskRecord, zone: RuleZone): IcsProperty {
  if (zone === null) return [name, formatUtc(task.dueAt!)];
  const wallClock = seriesWallClock({ dueAt: task.dueAt!, dueLocal: task.dueLocal }, zone);
  return [`${name};TZID=${zone}`, formatUtc(wallClock).slice(0, -1)];
}

/**
 * The rule as a calendar app must read it: a date-only UNTIL (the service includes that whole local
 * day) becomes the UTC time the day ends, since with a date-time DTSTART UNTIL must be one (RFC 5545 3.3.10).
 */
function feedRule(recurrence: string, timeZone: string): string {
  return recurrence.replace(/(^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?=;|$)/, (_whole, lead: string, year: string, month: string, day: string) => {
    const end = DateTime.fromObject({ year: Number(year), month: Number(month), day: Number(day), hour: 23, minute: 59, second: 59 }, { zone: timeZone });
    return `${lead}UNTIL=${formatUtc(end.toJSDate())}`;
  });
}

/** The zone the repeating tasks are written in, and its VTIMEZONE; UTC when the user's zone is UTC all along. */
function ruleZoneOf(tasks: TaskRecord[], timeZone: string, now: Date): { zone: RuleZone; components: IcsComponent[] } {
  const years = tasks.filter((task) => task.recurrence && task.dueAt).map((task) => DateTime.fromJSDate(task.dueAt!, { zone: timeZone }).year);
  if (years.length === 0) return { zone: null, components: [] };
  const latest = years.reduce((a, b) => Math.max(a, b), DateTime.fromJSDate(now, { zone: timeZone }).year);
  const toYear = latest + ZONE_LOOKAHEAD_YEARS;
  const fromYear = Math.max(years.reduce((a, b) => Math.min(a, b)), toYear - ZONE_MAX_YEARS);
  if (isUtcThroughout(timeZone, fromYear, toYear)) return { zone: null, components: [] };
  return { zone: timeZone, components: [vtimezone(timeZone, fromYear, toYear)] };
}

function trigger(minutes: number): string {
  return minutes === 0 ? 'PT0S' : minutes % 60 === 0 ? `-PT${minutes / 60}H` : `-PT${minutes}M`;
}

function common(task: TaskRecord, publicUrl: string): IcsProperty[] {
  return [
    ['UID', `task-${task.id}@tickler`],
    ['DTSTAMP', formatUtc(task.updatedAt)],
    ['SUMMARY', escapeText(task.title)],
    ...(task.description ? ([['DESCRIPTION', escapeText(task.description)]] as IcsProperty[]) : []),
    ['URL', `${publicUrl}/?task=${task.id}`],
  ];
}

/** One VALARM per reminder: relative to the event's start (its due time), or at its instant. */
function alarmOf(task: TaskRecord): IcsComponent[] {
  return reminderSpecsOf(task).map((spec) => ({
    name: 'VALARM',
    properties: [
      ['ACTION', 'DISPLAY'],
      ['DESCRIPTION', escapeText(task.title)],
      isRelative(spec) ? ['TRIGGER', trigger(spec.before)] : ['TRIGGER;VALUE=DATE-TIME', formatUtc(spec.at)],
    ],
  }));
}

function eventOf(task: TaskRecord, publicUrl: string, zone: RuleZone, timeZone: string): IcsComponent {
  return {
    name: 'VEVENT',
    properties: [
      ...common(task, publicUrl),
      task.recurrence ? occurrenceTime('DTSTART', task, zone) : ['DTSTART', formatUtc(task.dueAt!)],
      ['DURATION', EVENT_DURATION],
      ...(task.recurrence ? ([['RRULE', feedRule(task.recurrence, timeZone)]] as IcsProperty[]) : []),
    ],
    components: alarmOf(task),
  };
}

/**
 * A repeating VTODO has DTSTART (RFC 5545 needs it beside RRULE: it is the first instance) equal to
 * DUE, same value and zone: each instance is then due at its own occurrence. A DTSTART earlier in the
 * day would not do: an instance's DUE is its DTSTART plus the exact duration between them, which is an
 * hour off on a daylight-saving day. A client that shows a start date shows the due time.
 */
function todoOf(task: TaskRecord, publicUrl: string, zone: RuleZone, timeZone: string): IcsComponent {
  const completed = task.status === 'completed';
  const repeating = task.recurrence !== null && !completed && task.dueAt !== null;
  return {
    name: 'VTODO',
    properties: [
      ...common(task, publicUrl),
      ...(repeating ? [occurrenceTime('DTSTART', task, zone), occurrenceTime('DUE', task, zone)] : task.dueAt ? ([['DUE', formatUtc(task.dueAt)]] as IcsProperty[]) : []),
      ['STATUS', completed ? 'COMPLETED' : 'NEEDS-ACTION'],
      ['PRIORITY', ICS_PRIORITY[task.priority] ?? '0'],
      ...(completed && task.completedAt ? ([['COMPLETED', formatUtc(task.completedAt)]] as IcsProperty[]) : []),
      ...(repeating ? ([['RRULE', feedRule(task.recurrence!, timeZone)]] as IcsProperty[]) : []),
    ],
    components: completed ? [] : alarmOf(task),
  };
}

/**
 * The iCalendar document behind a feed token, or null for a token that names no feed. The token is
 * looked up by its hash in every case (the same indexed read for a known and an unknown token), so a
 * 404 does not answer measurably sooner. The tasks are those of every list the feed's user is a member
 * of, read at each request (a member removed from a list stops seeing its tasks at the next refresh).
 * Events: one VEVENT per dated pending task; todo: VTODOs for pending tasks and those completed in the
 * last 30 days. A repeating task's DTSTART (and a VTODO's
 * DUE) is written in the user's zone with a VTIMEZONE; other times are UTC.
 */
export async function renderCalendarFeed(deps: ContextDeps, token: string, kind: CalendarKind): Promise<RenderedCalendar | null> {
  const feed = await deps.db.calendarFeed.findUnique({ where: { tokenHash: hashSecret(token) } });
  if (!feed) return null;
  const now = deps.clock.now();
  const tasks = await deps.db.task.findMany({
    where:
      kind === 'event'
        ? { ...visibleTo(feed.userId), status: 'pending', dueAt: { not: null } }
        : { ...visibleTo(feed.userId), OR: [{ status: 'pending' }, { status: 'completed', completedAt: { gte: new Date(now.getTime() - COMPLETED_SHOWN_MS) } }] },
    orderBy: { id: 'asc' },
  });
  const publicUrl = deps.publicUrl ?? '';
  const timeZone = (await deps.db.user.findUnique({ where: { id: feed.userId }, select: { timeZone: true } }))?.timeZone ?? 'UTC';
  const repeating = kind === 'event' ? tasks : tasks.filter((task) => task.status === 'pending');
  const { zone, components: zones } = ruleZoneOf(repeating, timeZone, now);
  const body = writeIcs({
    name: 'VCALENDAR',
    properties: [
      ['VERSION', '2.0'],
      ['PRODID', '-//Tickler//Tickler tasks//EN'],
      ['CALSCALE', 'GREGORIAN'],
      ['METHOD', 'PUBLISH'],
      ['X-WR-CALNAME', 'Tickler'],
      ['REFRESH-INTERVAL;VALUE=DURATION', 'PT15M'],
      ['X-PUBLISHED-TTL', 'PT15M'],
    ],
    components: [
      ...zones,
      ...tasks.map((task) => (kind === 'event' ? eventOf(task, publicUrl, zone, timeZone) : todoOf(task, publicUrl, zone, timeZone))),
    ],
  });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}
