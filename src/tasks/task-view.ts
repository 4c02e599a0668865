import type { Task } from '../generated/sqlite/client.js';

export type Priority = 'low' | 'medium' | 'high';
export type TaskStatus = 'pending' | 'completed';

export const PRIORITIES: readonly Priority[] = ['low', 'medium', 'high'];
export const TASK_STATUSES: readonly TaskStatus[] = ['pending', 'completed'];

export type TaskRecord = Task;

/** The task as the REST interface shows it; the first six fields never change meaning. */
export interface TaskView {
  id: number;
  title: string;
  description: string;
  dueAt: string | null;
  priority: Priority;
  status: TaskStatus;
  /** Minutes before dueAt to remind (0, 10, 30, 60), or null for no reminder. */
  remindBefore: number | null;
  /** An RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO) when the task repeats, otherwise null. */
  recurrence: string | null;
}

/** A listed task: its REST shape and the series' wall-clock time, which recurrenceText reads (not shown). */
export type ListedTaskView = TaskView & { dueLocal: string | null };

export function toTaskView(task: TaskRecord): TaskView {
  return {
    id: Number(task.id),
    title: task.title,
    description: task.description,
    dueAt: task.dueAt ? task.dueAt.toISOString() : null,
    priority: task.priority as Priority,
    status: task.status as TaskStatus,
    remindBefore: task.remindBefore,
    recurrence: task.recurrence,
  };
}
