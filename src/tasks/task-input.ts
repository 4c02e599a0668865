import { invalidTask } from '../errors.js';
import { parseInt64Id } from '../int64-id.js';
import { parseInstant } from './parse-instant.js';
import { firstOccurrence, type SeriesPosition } from './occurrences.js';
import { normalizeRecurrence } from './recurrence-rule.js';
import { validateRemindBefore } from '../reminders/reminder-offset.js';
import { changedReminderSpecs, reminderColumns } from '../reminders/reminder-specs.js';
import { validateLabels } from './task-labels.js';
import { PRIORITIES, type Priority } from './task-view.js';

export const TITLE_MAX_LENGTH = 500;
export const DESCRIPTION_MAX_LENGTH = 10_000;

export interface NewTaskInput {
  title: string;
  description?: string | undefined;
  dueAt?: string | null | undefined;
  priority?: Priority | undefined;
  remindBefore?: number | null | undefined;
  /** Up to 5 reminders, `{before}` or `{at}` (validated here); not together with remindBefore. */
  reminders?: unknown;
  /** An RFC 5545 RRULE value; needs dueAt (the first occurrence). */
  recurrence?: string | null | undefined;
  /** The list to create it in; absent or null: the caller's Inbox. */
  listId?: bigint | null | undefined;
  labels?: readonly string[] | null | undefined;
  /** A member of the list, or null. */
  assigneeId?: string | null | undefined;
}

export interface ValidNewTask {
  title: string;
  description: string;
  dueAt: Date | null;
  priority: Priority;
  /** The first relative reminder's minutes. */
  remindBefore: number | null;
  /** The reminders list as stored (see reminderColumns). */
  reminderSpecs: string | null;
  recurrence: string | null;
  /** The series' wall-clock time when dueAt had to move off it (see SeriesPosition); null otherwise. */
  dueLocal: string | null;
  labels: string[];
  /** Checked against the list's members where the task is written. */
  assigneeId: string | null;
}

function codePointLength(text: string): number {
  let length = 0;
  for (const _ of text) length += 1;
  return length;
}

/** Text the databases can store exactly: well-formed Unicode and no NUL (PostgreSQL refuses it). */
function assertStorableText(field: string, text: string): void {
  if (!text.isWellFormed()) throw invalidTask(`${field} must be well-formed Unicode (no lone surrogates)`);
  if (text.includes('\u0000')) throw invalidTask(`${field} must not contain NUL characters`);
}

export function validateTitle(raw: unknown): string {
  if (typeof raw !== 'string') throw invalidTask('title must be a string');
  const title = raw.trim();
  const length = codePointLength(title);
  if (length === 0) throw invalidTask('title must not be empty');
  if (length > TITLE_MAX_LENGTH) throw invalidTask(`title must be at most ${TITLE_MAX_LENGTH} characters`);
  assertStorableText('title', title);
  return title;
}

export function validateDescription(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string') throw invalidTask('description must be a string');
  if (codePointLength(raw) > DESCRIPTION_MAX_LENGTH) {
    throw invalidTask(`description must be at most ${DESCRIPTION_MAX_LENGTH} characters`);
  }
  assertStorableText('description', raw);
  return raw;
}

export function validateDueAt(raw: unknown): Date | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalidTask('dueAt must be an RFC 3339 date-time string or null');
  return validateInstant('dueAt', raw);
}

export function validatePriority(raw: unknown): Priority {
  if (raw === undefined) return 'low';
  if (!PRIORITIES.includes(raw as Priority)) throw invalidTask(`priority must be one of ${PRIORITIES.join(', ')}`);
  return raw as Priority;
}

/** A repeat rule in canonical form, or null for none; a task repeats from its due time, so it needs one. */
export function validateRecurrence(raw: unknown, dueAt: Date | null): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string') throw invalidTask('recurrence must be an RFC 5545 RRULE string (FREQ=WEEKLY;BYDAY=MO) or null');
  const recurrence = normalizeRecurrence(raw);
  if (dueAt === null) throw invalidTask('recurrence needs a dueAt: the first occurrence');
  return recurrence;
}

/**
 * A repeating task's due time on its rule: the rule's first occurrence at or after the given one (the
 * same time when it is one). A Sunday dueAt with BYDAY=MO,WE becomes the Monday after it. Without it
 * the task would have an occurrence its rule does not generate, which calendar libraries count
 * differently (RFC 5545 leaves it undefined). A 400 when the rule has none (an UNTIL before dueAt).
 */
export function placeOnRule(recurrence: string, series: SeriesPosition, timeZone: string): SeriesPosition {
  const first = firstOccurrence(recurrence, series, timeZone);
  if (first === null) throw invalidTask('recurrence has no occurrence at or after dueAt: its UNTIL is before dueAt');
  return first;
}

/**
 * A new task, checked; a repeating one's dueAt is moved onto its rule (placeOnRule) in `timeZone`, the
 * caller's, which is read only for a repeating task.
 */
export function validateNewTask(input: NewTaskInput, timeZone: string): ValidNewTask {
  const dueAt = validateDueAt(input.dueAt);
  const fields = {
    title: validateTitle(input.title),
    description: validateDescription(input.description),
    dueAt,
    priority: validatePriority(input.priority),
    ...reminderColumns(changedReminderSpecs(input, { reminderSpecs: null, remindBefore: null }, dueAt, validateRemindBefore) ?? []),
    recurrence: validateRecurrence(input.recurrence, dueAt),
    dueLocal: null,
    labels: input.labels === undefined || input.labels === null ? [] : validateLabels(input.labels),
    assigneeId: validateAssigneeId(input.assigneeId),
  };
  return fields.recurrence === null || dueAt === null ? fields : { ...fields, ...placeOnRule(fields.recurrence, { dueAt, dueLocal: null }, timeZone) };
}

/** An update: absent fields stay as they are; `dueAt: null` clears the due time. */
export interface TaskChangesInput {
  title?: string | null | undefined;
  description?: string | null | undefined;
  dueAt?: string | null | undefined;
  priority?: Priority | null | undefined;
  remindBefore?: number | null | undefined;
  /** Replaces every reminder; null or [] removes them all. */
  reminders?: unknown;
  recurrence?: string | null | undefined;
  /** Moves the task to this list (the caller must be able to move tasks out of its list and into this one). */
  listId?: bigint | null | undefined;
  /** Replaces the labels; null or [] removes them all. */
  labels?: readonly string[] | null | undefined;
  /** A member of the task's list (after a move), or null for nobody. */
  assigneeId?: string | null | undefined;
}

export interface ValidTaskChanges {
  title?: string;
  description?: string;
  dueAt?: Date | null;
  priority?: Priority;
  remindBefore?: number | null;
  reminderSpecs?: string | null;
  recurrence?: string | null;
  dueLocal?: string | null;
  listId?: bigint;
  assigneeId?: string | null;
}

/**
 * Validates an update against the task it changes. Clearing the due time also clears the relative
 * reminders (absolute ones stay), since those are relative to the due time; `remindBefore` replaces the
 * relative reminders, `reminders` all of them; a repeating task's rule must be cleared
 * explicitly with it. A changed dueAt of a repeating task starts the series anew from there; a changed
 * dueAt or rule puts dueAt on the rule (placeOnRule, in the caller's `timeZone`).
 */
export function validateTaskChanges(
  input: TaskChangesInput,
  current: { dueAt: Date | null; dueLocal: string | null; remindBefore: number | null; reminderSpecs: string | null; recurrence: string | null },
  timeZone: string,
): ValidTaskChanges {
  const changes: ValidTaskChanges = {};
  if (input.title !== undefined) changes.title = validateTitle(input.title);
  if (input.description !== undefined) {
    if (input.description === null) throw invalidTask('description must be a string');
    changes.description = validateDescription(input.description);
  }
  if (input.dueAt !== undefined) changes.dueAt = validateDueAt(input.dueAt);
  if (input.listId !== undefined) {
    if (input.listId === null) throw invalidTask('listId must be the id of a list (a task is always in one)');
    changes.listId = input.listId;
  }
  if (input.assigneeId !== undefined) changes.assigneeId = validateAssigneeId(input.assigneeId);
  if (input.priority !== undefined) {
    if (input.priority === null) throw invalidTask(`priority must be one of ${PRIORITIES.join(', ')}`);
    changes.priority = validatePriority(input.priority);
  }
  const dueAt = changes.dueAt !== undefined ? changes.dueAt : current.dueAt;
  const reminders = changedReminderSpecs(input, current, dueAt, validateRemindBefore);
  if (reminders !== undefined) Object.assign(changes, reminderColumns(reminders));
  if (input.recurrence !== undefined) {
    changes.recurrence = validateRecurrence(input.recurrence, dueAt);
  } else if (dueAt === null && current.recurrence !== null) {
    throw invalidTask('recurrence needs a dueAt: clear recurrence too (recurrence: null) to remove the due time');
  }
  const recurrence = changes.recurrence !== undefined ? changes.recurrence : current.recurrence;
  if (recurrence !== null && dueAt !== null && (input.dueAt !== undefined || input.recurrence !== undefined)) {
    // A new dueAt is read as given; the current one (also when sent again unchanged) keeps the series' wall-clock time.
    const series = { dueAt, dueLocal: dueAt.getTime() === current.dueAt?.getTime() ? current.dueLocal : null };
    Object.assign(changes, placeOnRule(recurrence, series, timeZone));
  } else if (recurrence === null && current.dueLocal !== null) {
    changes.dueLocal = null;
  }
  return changes;
}

/** A user id as a client names an assignee (whether they are a member of the list is checked where the task is written). */
export function validateAssigneeId(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 255) throw invalidTask('assigneeId must be a user id (a string) or null');
  return raw;
}

/** A task (or list) id as clients send it (REST path, GraphQL `ID`): the decimal digits of a positive int64. */
export function parseTaskId(raw: string, field = 'id'): bigint {
  const id = parseInt64Id(raw);
  if (id === undefined) throw invalidTask(`${field} must be a positive 64-bit integer, got "${raw.slice(0, 40)}"`);
  return id;
}

/**
 * Every instant a client sends (dueAt, a filter bound, an imported completion time) is read here: an
 * RFC 3339 date-time with Z or an offset, naming a real moment from 0001-01-01 to 9999-12-31 UTC (what
 * both databases store and read back; see parse-instant.ts).
 */
export function validateInstant(field: string, raw: string): Date {
  const instant = parseInstant(raw);
  if (!instant) {
    throw invalidTask(
      `${field} must be a real RFC 3339 date-time with Z or an offset, from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59Z, e.g. 2026-11-22T09:30:00Z`,
    );
  }
  return instant;
}
