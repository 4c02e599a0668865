import ICAL from 'ical.js';
import { escapeText, formatUtc, type IcsComponent } from '../calendar/ics-writer.js';
import { AppError } from '../errors.js';
import { normalizeRecurrence } from '../tasks/recurrence-rule.js';
import { davError, invalidCalendarData } from './dav-errors.js';
import { caldav } from './dav-namespaces.js';
import { componentLines, lineName, lineValue, readRawComponent, writeLines, type RawComponent } from './ical-lines.js';
import { readAlarms, writeAlarms } from './vtodo-alarms.js';
import { isRelative, type ReminderSpec } from '../reminders/reminder-specs.js';
import { allDayInstant, instantOf, isAllDayPlacement, writeDue, writeRule } from './vtodo-times.js';

/*
 * VTODO ↔ task, both ways, as one pure module (no database, no clock). What Tickler models is read
 * into task fields and written from them; everything else the client wrote (X-APPLE-*, X-MOZ-*,
 * RELATED-TO, URL, PERCENT-COMPLETE, alarms Tickler has no reminder for, overridden instances …) is
 * kept as the client's own content lines in `extraIcal` and written back unchanged.
 */

export type VtodoPriority = 'low' | 'medium' | 'high' | 'urgent';

/** The task fields a VTODO sets. */
export interface VtodoTask {
  title: string;
  description: string;
  dueAt: Date | null;
  status: 'pending' | 'completed';
  /** COMPLETED, when the client gave one. */
  completedAt: Date | null;
  priority: VtodoPriority;
  /** CATEGORIES; absent when labels are not modelled (then CATEGORIES is kept as written). */
  labels?: string[];
  /** The first relative reminder (as the reminders say it). */
  remindBefore: number | null;
  /** Every alarm a reminder can be, in order. */
  reminders: ReminderSpec[];
  recurrence: string | null;
}

/** What a task's CalDAV object keeps beside the task (caldav_objects). */
export interface VtodoObject {
  uid: string;
  sequence: number;
  /** DUE was a DATE: written back as one while dueAt stays at the all-day placement. */
  allDay: boolean;
  /** The kept lines, as an iCalendar text (empty when nothing is kept). */
  extraIcal: string;
}

export interface VtodoOptions {
  /** The user's IANA zone: floating times are read in it, and times are written in it. */
  timeZone: string;
  /** "HH:MM": where an all-day task's due time is placed in the user's zone. */
  allDayTime: string;
  /** The priorities the service has, when not all four (then urgent is high): see supportedPriority. */
  priorities?: readonly string[];
}

/** A task as written out: its fields (labels and priority optional) and its record's times. */
export interface TaskToWrite {
  title: string;
  description: string;
  dueAt: Date | null;
  dueLocal: string | null;
  status: string;
  completedAt: Date | null;
  priority?: string;
  labels?: string[];
  remindBefore: number | null;
  reminderSpecs: string | null;
  recurrence: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const UNTITLED = 'Untitled';
/** Kept (in extraIcal only) when the client's DTSTART was its DUE: written back as DUE's twin. */
const START_IS_DUE_MARK = 'X-TICKLER-START-IS-DUE:TRUE';
const CALENDAR_OWN = new Set(['VERSION', 'PRODID', 'CALSCALE', 'METHOD']);
/** Read into the task and written from it; never kept. */
const MODELLED = new Set(['UID', 'SUMMARY', 'DESCRIPTION', 'DUE', 'COMPLETED', 'DTSTAMP', 'LAST-MODIFIED', 'CREATED', 'SEQUENCE']);
const PRIORITY_WRITTEN: Record<VtodoPriority, number> = { urgent: 1, high: 3, medium: 5, low: 9 };

export function priorityOf(value: number): VtodoPriority {
  if (value >= 1 && value <= 2) return 'urgent';
  if (value >= 3 && value <= 4) return 'high';
  if (value >= 5 && value <= 6) return 'medium';
  return 'low';
}

/** The priority as the service keeps it: urgent is high where the service has no urgent. */
export function supportedPriority(priority: VtodoPriority, priorities: readonly string[] | undefined): VtodoPriority {
  return priorities === undefined || priorities.includes(priority) ? priority : 'high';
}

const unsupportedComponent = (name: string) =>
  davError(403, 'caldav/forbidden', `A task list holds VTODO components only, not ${name}`, caldav('supported-calendar-component'));
const invalidObject = (message: string) => davError(400, 'caldav/invalid', message, caldav('valid-calendar-object-resource'));

function parseCalendar(text: string): { parsed: ICAL.Component; raw: RawComponent } {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (error) {
    throw invalidCalendarData(`Not valid iCalendar: ${(error as Error).message}`.slice(0, 300));
  }
  const raw = readRawComponent(text);
  if (!Array.isArray(jcal) || typeof jcal[0] !== 'string' || raw === null || raw.name !== 'VCALENDAR') {
    throw invalidCalendarData('The body must be one VCALENDAR object');
  }
  return { parsed: new ICAL.Component(jcal as unknown[]), raw };
}

function labelsOf(todo: ICAL.Component): string[] {
  const labels: string[] = [];
  for (const property of todo.getAllProperties('categories')) {
    for (const value of property.getValues()) {
      const label = String(value).trim();
      if (label !== '' && !labels.some((known) => known.toLowerCase() === label.toLowerCase())) labels.push(label);
    }
  }
  return labels;
}

/** The repeat rule as Tickler stores it, or null when there is none Tickler can run (then RRULE is kept). */
function recurrenceOf(rawLines: string[], dueAt: Date | null): string | null {
  const rules = rawLines.filter((line) => lineName(line) === 'RRULE');
  if (rules.length !== 1 || dueAt === null) return null;
  try {
    return normalizeRecurrence(lineValue(rules[0]!));
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

/**
 * Reads a calendar object resource (one VCALENDAR; one VTODO master with any overridden instances,
 * all of one UID) into task fields and what is kept. Not iCalendar: 400 valid-calendar-data; a
 * VEVENT or VJOURNAL: 403 supported-calendar-component.
 */
export function readVtodo(text: string, options: VtodoOptions & { labels: boolean }): { task: VtodoTask; object: VtodoObject } {
  const { parsed, raw } = parseCalendar(text);
  const zones = new Map<string, ICAL.Timezone>();
  for (const zone of parsed.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(zone));
  }
  const parsedTodos = parsed.getAllSubcomponents('vtodo');
  const rawTodos = raw.components.filter((component) => component.name === 'VTODO');
  const otherComponents = raw.components.filter((component) => component.name !== 'VTODO' && component.name !== 'VTIMEZONE');
  const foreign = otherComponents.find((component) => ['VEVENT', 'VJOURNAL', 'VFREEBUSY', 'VAVAILABILITY'].includes(component.name));
  if (foreign) throw unsupportedComponent(foreign.name);
  if (parsedTodos.length === 0 || parsedTodos.length !== rawTodos.length) throw invalidObject('The object must hold a VTODO');
  const uid = parsedTodos[0]!.getFirstPropertyValue('uid');
  if (typeof uid !== 'string' || uid.trim() === '') throw invalidObject('The VTODO needs a UID');
  if (parsedTodos.some((todo) => todo.getFirstPropertyValue('uid') !== uid)) throw invalidObject('Every VTODO of one object must have the same UID');
  const masters = parsedTodos.flatMap((todo, index) => (todo.hasProperty('recurrence-id') ? [] : [index]));
  if (masters.length !== 1) throw invalidObject('The object must hold exactly one VTODO without RECURRENCE-ID');
  const todo = parsedTodos[masters[0]!]!;
  const rawTodo = rawTodos[masters[0]!]!;

  const dueProperty = todo.getFirstProperty('due');
  const due = dueProperty?.getFirstValue() as ICAL.Time | undefined;
  const allDay = due?.isDate === true;
  const instant = (property: ICAL.Property | null) =>
    property ? instantOf(property.getFirstValue() as ICAL.Time, property.getParameter('tzid') as string | undefined, zones, options.timeZone) : null;
  const dueAt = due === undefined ? null : allDay ? allDayInstant(due, options.allDayTime, options.timeZone) : instant(dueProperty);
  const startProperty = todo.getFirstProperty('dtstart');
  const start = startProperty?.getFirstValue() as ICAL.Time | undefined;
  const startIsDue =
    start === undefined || (dueAt !== null && start.isDate === allDay && (allDay ? start.toString() === due!.toString() : instant(startProperty)!.getTime() === dueAt.getTime()));
  const recurrence = recurrenceOf(rawTodo.lines, dueAt);

  const kept = rawTodo.lines.filter((line) => {
    const name = lineName(line);
    if (MODELLED.has(name)) return false;
    if (name === 'CATEGORIES') return !options.labels;
    if (name === 'RRULE') return recurrence === null;
    // A repeating task is anchored at DUE; a start equal to DUE is written back as its twin.
    if (name === 'DTSTART') return recurrence === null && !(startIsDue && dueAt !== null);
    return true;
  });
  if (start !== undefined && startIsDue && dueAt !== null && recurrence === null) kept.push(START_IS_DUE_MARK);
  const rawAlarms = rawTodo.components.filter((component) => component.name === 'VALARM');
  const alarms = readAlarms(rawAlarms, todo.getAllSubcomponents('valarm'), { dueAt, allDay, startIsDue, zones, timeZone: options.timeZone });

  const statusText = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const completed = statusText === 'COMPLETED' || statusText === 'CANCELLED' || (statusText === '' && todo.hasProperty('completed'));
  const task: VtodoTask = {
    title: String(todo.getFirstPropertyValue('summary') ?? '').trim() || UNTITLED,
    description: String(todo.getFirstPropertyValue('description') ?? ''),
    dueAt,
    status: completed ? 'completed' : 'pending',
    completedAt: instant(todo.getFirstProperty('completed')),
    priority: priorityOf(Number(todo.getFirstPropertyValue('priority') ?? 0)),
    remindBefore: alarms.reminders.find(isRelative)?.before ?? null,
    reminders: alarms.reminders,
    recurrence,
  };
  if (options.labels) task.labels = labelsOf(todo);

  const keptTodo: RawComponent = {
    name: 'VTODO',
    lines: kept,
    components: [...alarms.kept, ...rawTodo.components.filter((component) => component.name !== 'VALARM')],
  };
  const keptCalendar: RawComponent = {
    name: 'VCALENDAR',
    lines: raw.lines.filter((line) => !CALENDAR_OWN.has(lineName(line))),
    components: [keptTodo, ...raw.components.filter((component) => component.name !== 'VTIMEZONE' && component !== rawTodo)],
  };
  const keepsNothing = keptCalendar.lines.length === 0 && keptCalendar.components.length === 1 && kept.length === 0 && keptTodo.components.length === 0;
  const sequence = Number(todo.getFirstPropertyValue('sequence') ?? 0);
  return {
    task,
    object: {
      uid,
      sequence: Number.isSafeInteger(sequence) && sequence >= 0 && sequence <= 2_147_483_647 ? sequence : 0,
      allDay: allDay && dueAt !== null,
      extraIcal: keepsNothing ? '' : writeLines(componentLines(keptCalendar)),
    },
  };
}

function icsComponentLines(component: IcsComponent): string[] {
  return [
    `BEGIN:${component.name}`,
    ...component.properties.map(([name, value]) => `${name}:${value}`),
    ...(component.components ?? []).flatMap(icsComponentLines),
    `END:${component.name}`,
  ];
}

/** The kept line for a remembered property when it still means what the task says, else the task's own. */
function remembered(kept: string[], name: string, means: (value: string) => boolean, own: string | null): string | null {
  const line = kept.find((candidate) => lineName(candidate) === name);
  return line !== undefined && means(lineValue(line).trim()) ? line : own;
}

function percentComplete(line: string, completed: boolean): string | null {
  const value = Number(lineValue(line).trim());
  if (completed) return value === 100 ? line : 'PERCENT-COMPLETE:100';
  return value === 100 ? null : line;
}

/** Writes a task as the calendar object a client reads: its fields, and what the client had kept there. */
export function writeVtodo(task: TaskToWrite, object: VtodoObject, options: VtodoOptions): string {
  const stored = object.extraIcal === '' ? null : readRawComponent(object.extraIcal);
  const keptTodo = stored?.components.find((component) => component.name === 'VTODO');
  const keptLines = keptTodo?.lines ?? [];
  const completed = task.status === 'completed';
  // Also on a completed task (a series that ran out): the rule is still what the client wrote.
  const repeating = task.recurrence !== null && task.dueAt !== null;
  const allDay = object.allDay && task.dueAt !== null && isAllDayPlacement(task.dueAt, options.allDayTime, options.timeZone);
  const withStart = repeating || keptLines.includes(START_IS_DUE_MARK);
  const due = task.dueAt === null ? null : writeDue({ dueAt: task.dueAt, dueLocal: task.dueLocal }, { allDay, repeating: withStart, timeZone: options.timeZone });

  const own: string[] = [
    `UID:${escapeText(object.uid)}`,
    `DTSTAMP:${formatUtc(task.updatedAt)}`,
    `CREATED:${formatUtc(task.createdAt)}`,
    `LAST-MODIFIED:${formatUtc(task.updatedAt)}`,
    `SEQUENCE:${object.sequence}`,
    `SUMMARY:${escapeText(task.title)}`,
    ...(task.description !== '' ? [`DESCRIPTION:${escapeText(task.description)}`] : []),
    ...(due?.lines ?? []),
  ];
  const status = completed
    ? remembered(keptLines, 'STATUS', (value) => value.toUpperCase() === 'CANCELLED', 'STATUS:COMPLETED')!
    : remembered(keptLines, 'STATUS', (value) => ['IN-PROCESS', 'NEEDS-ACTION'].includes(value.toUpperCase()), 'STATUS:NEEDS-ACTION')!;
  own.push(status);
  if (completed && task.completedAt) own.push(`COMPLETED:${formatUtc(task.completedAt)}`);
  if (task.priority !== undefined) {
    const written = task.priority === 'low' ? null : `PRIORITY:${PRIORITY_WRITTEN[task.priority as VtodoPriority] ?? 0}`;
    const line = remembered(keptLines, 'PRIORITY', (value) => supportedPriority(priorityOf(Number(value)), options.priorities) === task.priority, written);
    if (line !== null) own.push(line);
  }
  if (task.labels !== undefined && task.labels.length > 0) own.push(`CATEGORIES:${task.labels.map(escapeText).join(',')}`);
  if (repeating) own.push(`RRULE:${writeRule(task.recurrence!, allDay, options.timeZone)}`);

  const emitted = new Set(['STATUS', ...(task.priority !== undefined ? ['PRIORITY'] : []), ...(task.labels !== undefined ? ['CATEGORIES'] : [])]);
  if (repeating) emitted.add('RRULE');
  if (withStart && due !== null) emitted.add('DTSTART');
  const keptOut = keptLines.flatMap((line) => {
    const name = lineName(line);
    // STATUS and PRIORITY are also kept, so the client's exact value is written back while it means the same.
    if (line === START_IS_DUE_MARK || emitted.has(name)) return [];
    if (name === 'PERCENT-COMPLETE') return percentComplete(line, completed) ?? [];
    return [line];
  });
  const keptComponents = keptTodo?.components ?? [];
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tickler//Tickler CalDAV//EN',
    ...(stored?.lines ?? []),
    ...(due?.zone ? icsComponentLines(due.zone) : []),
    'BEGIN:VTODO',
    ...own,
    ...keptOut,
    ...writeAlarms(keptComponents.filter((component) => component.name === 'VALARM'), task, allDay),
    ...keptComponents.filter((component) => component.name !== 'VALARM').flatMap(componentLines),
    'END:VTODO',
    ...(stored?.components ?? []).filter((component) => component !== keptTodo).flatMap(componentLines),
    'END:VCALENDAR',
  ];
  return writeLines(lines);
}
