import type { DatabaseProvider } from '../../config.js';
import { readInstant, readOptionalInstant } from '../../db/raw-sql.js';
import { reminderSpecViews } from '../../reminders/reminder-specs.js';
import { labelsColumn, readLabelsColumn } from '../task-labels.js';
import type { ListedTaskView, Priority, TaskRecord, TaskStatus } from '../task-view.js';
import type { CalendarTaskRow } from './task-store.js';

/** A `tasks` row as either driver returns it (numbers or bigints, epoch ms or Date). */
export interface RawTaskRow {
  id: number | bigint | string;
  user_id: string;
  list_id: number | bigint | string;
  assignee_id: string | null;
  title: string;
  description: string;
  due_at: unknown;
  priority: string;
  status: string;
  created_at: unknown;
  updated_at: unknown;
  completed_at: unknown;
  remind_before: number | bigint | null;
  /** Absent from reads that do not select it (the reminder sweep's join, imports): null, the list is just remind_before. */
  reminder_specs?: string | null;
  recurrence: string | null;
  /** Absent from reads that do not select it (the reminder sweep's join). */
  due_local?: string | null;
  /** The labels column (labelsColumn), where a read selects it. */
  labels?: unknown;
}

/** The columns of a task's REST view, its labels included, in the order viewRowFromArray reads them. */
export function viewColumns(provider: DatabaseProvider): string {
  return `${VIEW_TASK_COLUMNS}, ${labelsColumn(provider)}`;
}

/** viewColumns without the labels (a read that finds them its own way adds them after these). */
export const VIEW_TASK_COLUMNS = 'id, user_id, list_id, assignee_id, title, description, due_at, priority, status, remind_before, reminder_specs, recurrence, due_local';

/** How many columns viewColumns names (a read may add its own after them). */
export const VIEW_COLUMN_COUNT = VIEW_TASK_COLUMNS.split(', ').length + 1;

export type ViewRow = Pick<
  RawTaskRow,
  'id' | 'user_id' | 'list_id' | 'assignee_id' | 'title' | 'description' | 'due_at' | 'priority' | 'status' | 'remind_before' | 'reminder_specs' | 'recurrence' | 'due_local' | 'labels'
>;

/**
 * A view row read as an array (better-sqlite3's raw mode), in viewColumns' order. better-sqlite3 builds
 * a row object by setting each column as a named property, which for a page of 50 rows of 14 columns
 * cost about as much as running the statement; arrays read into one object literal cost a third of it.
 */
export function viewRowFromArray(row: readonly unknown[]): ViewRow {
  return {
    id: row[0] as ViewRow['id'],
    user_id: row[1] as string,
    list_id: row[2] as ViewRow['list_id'],
    assignee_id: row[3] as string | null,
    title: row[4] as string,
    description: row[5] as string,
    due_at: row[6],
    priority: row[7] as string,
    status: row[8] as string,
    remind_before: row[9] as ViewRow['remind_before'],
    reminder_specs: row[10] as string | null,
    recurrence: row[11] as string | null,
    due_local: row[12] as string | null,
    labels: row[13],
  };
}

export function viewFromRow(row: ViewRow): ListedTaskView {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    dueAt: readOptionalInstant(row.due_at)?.toISOString() ?? null,
    priority: row.priority as Priority,
    status: row.status as TaskStatus,
    remindBefore: row.remind_before === null ? null : Number(row.remind_before),
    reminders: reminderSpecViews({ reminderSpecs: row.reminder_specs ?? null, remindBefore: row.remind_before === null ? null : Number(row.remind_before) }),
    recurrence: row.recurrence,
    listId: Number(row.list_id),
    labels: readLabelsColumn(row.labels),
    assigneeId: row.assignee_id,
    createdBy: row.user_id,
    dueLocal: row.due_local ?? null,
  };
}

export function recordFromRow(row: RawTaskRow): TaskRecord {
  return {
    id: BigInt(row.id),
    userId: row.user_id,
    listId: BigInt(row.list_id),
    assigneeId: row.assignee_id,
    title: row.title,
    description: row.description,
    dueAt: readOptionalInstant(row.due_at),
    priority: row.priority,
    status: row.status,
    createdAt: readInstant(row.created_at),
    updatedAt: readInstant(row.updated_at),
    completedAt: readOptionalInstant(row.completed_at),
    remindBefore: row.remind_before === null ? null : Number(row.remind_before),
    recurrence: row.recurrence,
    dueLocal: row.due_local ?? null,
    reminderSpecs: row.reminder_specs ?? null,
  };
}

/**
 * Every task of a list with its labels and calendar object columns (o_*), in id order. The record's
 * keys come in the order Prisma gives a task's (the model's), as recordFromRow writes them: a CalDAV
 * ETag digests the record as read, whichever way it was read.
 */
export function calendarTasksSql(provider: DatabaseProvider): string {
  return `SELECT t.*, ${labelsColumn(provider, 't')}, o.uid AS o_uid, o.name AS o_name, o.extra_ical AS o_extra_ical, o.sequence AS o_sequence, o.all_day AS o_all_day
          FROM tasks t LEFT JOIN caldav_objects o ON o.task_id = t.id WHERE t.list_id = ${provider === 'postgresql' ? '$1' : '?'} ORDER BY t.id`;
}

export type RawCalendarTaskRow = RawTaskRow & { o_uid: string | null; o_name: string | null; o_extra_ical: string | null; o_sequence: number | bigint | null; o_all_day: unknown };

export function calendarTaskFromRow(row: RawCalendarTaskRow): CalendarTaskRow {
  const object =
    row.o_uid === null
      ? null
      : { uid: row.o_uid, name: row.o_name!, extraIcal: row.o_extra_ical ?? '', sequence: Number(row.o_sequence ?? 0), allDay: row.o_all_day === true || row.o_all_day === 1 || row.o_all_day === 1n };
  return { task: recordFromRow(row), labels: readLabelsColumn(row.labels), object };
}
