import type { Task } from '../generated/sqlite/client.js';
import { reminderSpecViews, type ReminderSpecView } from '../reminders/reminder-specs.js';

export type Priority = 'low' | 'medium' | 'high' | 'urgent';
export type TaskStatus = 'pending' | 'completed';
/** Which tasks a list asks for: one status, or every task. */
export type StatusFilter = TaskStatus | 'all';

/** Lowest first; the queue lists tasks due at the same time most urgent first. */
export const PRIORITIES: readonly Priority[] = ['low', 'medium', 'high', 'urgent'];
export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'completed'];

export type TaskRecord = Task;

/** A task with its labels (in order), as a service that has them at hand returns it. */
export type LabeledTask = TaskRecord & { labels: string[] };

/** The task as the REST interface shows it; the first six fields never change meaning. */
export interface TaskView {
  id: number;
  title: string;
  description: string;
  dueAt: string | null;
  priority: Priority;
  status: TaskStatus;
  /** Minutes before dueAt of the first relative reminder, or null for none. */
  remindBefore: number | null;
  /** Every reminder, in order: `{before: minutes}` or `{at: instant}`, each perhaps with a nag. */
  reminders: ReminderSpecView[];
  /** An RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO) when the task repeats, otherwise null. */
  recurrence: string | null;
  /** The list the task is in. */
  listId: number;
  /** Its labels in the order first written. */
  labels: string[];
  /** The member of its list it is assigned to, or null. */
  assigneeId: string | null;
  /** The user who created it. */
  createdBy: string;
}

/** A listed task: its REST shape and the series' wall-clock time, which recurrenceText reads (not shown). */
export type ListedTaskView = TaskView & { dueLocal: string | null };

export function toTaskView(task: TaskRecord, labels: readonly string[]): TaskView {
  return {
    id: Number(task.id),
    title: task.title,
    description: task.description,
    dueAt: task.dueAt ? task.dueAt.toISOString() : null,
    priority: task.priority as Priority,
    status: task.status as TaskStatus,
    remindBefore: task.remindBefore,
    reminders: reminderSpecViews(task),
    recurrence: task.recurrence,
    listId: Number(task.listId),
    labels: [...labels],
    assigneeId: task.assigneeId,
    createdBy: task.userId,
  };
}
