import ICAL from 'ical.js';
import { escapeText, formatUtc } from '../calendar/ics-writer.js';
import { isReminderOffset } from '../reminders/reminder-offset.js';
import { isRelative, MAX_BEFORE_MINUTES, MAX_REMINDERS, reminderSpecsOf, type ReminderSpec } from '../reminders/reminder-specs.js';
import { componentLines, lineName, lineValue, type RawComponent } from './ical-lines.js';
import { instantOf } from './vtodo-times.js';

/**
 * Kept (in caldav_objects.extra_ical only, never sent) on each VALARM that stands for one of the task's
 * reminders, so it is written back with the client's own properties and only its TRIGGER moved. Its
 * value is the reminder's slot and what the trigger was read as (`1;10@2026-11-24T16:00:00.000Z`, or
 * `0;at@<instant>`): while that still holds, the client's TRIGGER line is written back as it was.
 */
export const REMINDER_MARK = 'X-TICKLER-REMINDER';

const markOf = (alarm: RawComponent) => alarm.lines.find((line) => lineName(line) === REMINDER_MARK);

export interface AlarmContext {
  dueAt: Date | null;
  allDay: boolean;
  /** Whether a trigger relative to the start means relative to DUE: no DTSTART, or DTSTART equal to DUE. */
  startIsDue: boolean;
  zones: ReadonlyMap<string, ICAL.Timezone>;
  timeZone: string;
}

/** What an alarm is as a Tickler reminder: minutes before DUE, or an instant; null for one no reminder can be. */
function reminderOf(alarm: ICAL.Component, context: AlarmContext): ReminderSpec | null {
  const action = String(alarm.getFirstPropertyValue('action') ?? '').toUpperCase();
  if (action !== 'DISPLAY' && action !== 'AUDIO') return null;
  // Apple's location alarms ("when I arrive home") carry a placeholder TRIGGER in 1976: no time at all.
  if (alarm.hasProperty('x-apple-proximity')) return null;
  const trigger = alarm.getFirstProperty('trigger');
  if (!trigger) return null;
  if (trigger.type === 'duration') {
    // Relative to a DATE at midnight is not relative to the time an all-day task is placed at.
    if (context.dueAt === null || context.allDay) return null;
    const related = String(trigger.getParameter('related') ?? 'START').toUpperCase();
    if (related !== 'END' && !context.startIsDue) return null;
    const minutes = -(trigger.getFirstValue() as ICAL.Duration).toSeconds() / 60 || 0;
    return Number.isInteger(minutes) && minutes >= 0 && minutes <= MAX_BEFORE_MINUTES ? { before: minutes } : null;
  }
  const time = trigger.getFirstValue() as ICAL.Time;
  const at = instantOf(time, trigger.getParameter('tzid') as string | undefined, context.zones, context.timeZone);
  if (Number.isNaN(at.getTime())) return null;
  // An absolute trigger at one of the quick offsets before DUE is that offset (as Tickler writes all-day ones).
  const minutes = context.dueAt === null ? null : (context.dueAt.getTime() - at.getTime()) / 60_000;
  return minutes !== null && isReminderOffset(minutes) ? { before: minutes } : { at };
}

/** What a reminder was read as, to tell whether the task still has it as the client wrote it. */
const markKey = (spec: ReminderSpec, dueAt: Date | null) => (isRelative(spec) ? `${spec.before}@${dueAt?.toISOString()}` : `at@${spec.at.toISOString()}`);

/** The slot a mark stands for and what it was read as (marks from before lists name no slot: the first). */
function readMark(mark: string): { slot: number; key: string } {
  const value = lineValue(mark);
  const match = /^(\d);(.*)$/.exec(value);
  return match ? { slot: Number(match[1]), key: match[2]! } : { slot: 0, key: value };
}

/**
 * The task's reminders from the VTODO's alarms: each alarm a Tickler reminder can be (shown or sounded;
 * relative to DUE, or at an instant), in order, at most 5. Every alarm is kept as written; those are
 * marked with their slot, so each is written back with its TRIGGER following its reminder.
 */
export function readAlarms(raw: RawComponent[], parsed: ICAL.Component[], context: AlarmContext): { reminders: ReminderSpec[]; kept: RawComponent[] } {
  const reminders: ReminderSpec[] = [];
  const kept = raw.map((alarm, index) => {
    if (reminders.length >= MAX_REMINDERS) return alarm;
    const spec = reminderOf(parsed[index]!, context);
    if (spec === null) return alarm;
    reminders.push(spec);
    return { ...alarm, lines: [...alarm.lines, `${REMINDER_MARK}:${reminders.length - 1};${markKey(spec, context.dueAt)}`] };
  });
  return { reminders, kept };
}

function duration(minutes: number): string {
  return minutes === 0 ? 'PT0S' : minutes % 60 === 0 ? `-PT${minutes / 60}H` : `-PT${minutes}M`;
}

function triggerLine(previous: string | undefined, spec: ReminderSpec, dueAt: Date | null, allDay: boolean): string {
  if (!isRelative(spec)) return `TRIGGER;VALUE=DATE-TIME:${formatUtc(spec.at)}`;
  const absolute = allDay || (previous !== undefined && /;VALUE=DATE-TIME[;:]/i.test(previous.slice(0, previous.indexOf(':') + 1)));
  if (absolute) return `TRIGGER;VALUE=DATE-TIME:${formatUtc(new Date(dueAt!.getTime() - spec.before * 60_000))}`;
  return `TRIGGER;RELATED=END:${duration(spec.before)}`;
}

/**
 * The VALARMs as written: every kept one unchanged but the marked ones, which follow the task's
 * reminder of their slot (dropped when the task has none there; a new DISPLAY alarm for each reminder no
 * client alarm stood for).
 */
export function writeAlarms(kept: RawComponent[], task: { reminderSpecs: string | null; remindBefore: number | null; dueAt: Date | null; title: string }, allDay: boolean): string[] {
  const reminders = reminderSpecsOf(task).map((spec) => (isRelative(spec) && task.dueAt === null ? null : spec));
  const lines: string[] = [];
  const written = new Set<number>();
  for (const alarm of kept) {
    const mark = markOf(alarm);
    if (mark === undefined) {
      lines.push(...componentLines(alarm));
      continue;
    }
    const { slot, key } = readMark(mark);
    const spec = reminders[slot];
    if (!spec || written.has(slot)) continue;
    const previous = alarm.lines.find((line) => lineName(line) === 'TRIGGER');
    const unchanged = key === markKey(spec, task.dueAt);
    const trigger = unchanged && previous !== undefined ? previous : triggerLine(previous, spec, task.dueAt, allDay);
    const own = alarm.lines.filter((line) => line !== mark).map((line) => (line === previous ? trigger : line));
    lines.push(...componentLines({ ...alarm, lines: own }));
    written.add(slot);
  }
  reminders.forEach((spec, slot) => {
    if (!spec || written.has(slot)) return;
    lines.push('BEGIN:VALARM', 'ACTION:DISPLAY', `DESCRIPTION:${escapeText(task.title)}`, triggerLine(undefined, spec, task.dueAt, allDay), 'END:VALARM');
  });
  return lines;
}
