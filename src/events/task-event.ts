import type { TaskView } from '../tasks/task-view.js';

export const TASK_EVENT_TYPES = [
  'task.created',
  'task.updated',
  'task.completed',
  'task.occurrence_completed',
  'task.reopened',
  'task.deleted',
] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

export const EVENT_TYPES = [...TASK_EVENT_TYPES, 'reminder.due'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** What a `reminder.due` event adds: the offset, when it was planned and fired, how late. */
export interface ReminderFiring {
  offsetMinutes: number;
  plannedAt: string;
  firedAt: string;
  lateSeconds: number;
  /** true when it fired noticeably after its planned time (e.g. the service was down). */
  late: boolean;
}

/**
 * What completing one occurrence of a repeating task did: which occurrence was done, when, and where
 * the task moved (null when the rule had no further occurrence and the task completed for good).
 */
export interface OccurrenceCompletion {
  dueAt: string;
  completedAt: string;
  nextDueAt: string | null;
}

/** What the REST shape of a task leaves out, kept with the event for richer views (GraphQL). */
export interface TaskTimes {
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
}

/** A domain event: one per state change, ids time-ordered (UUIDv7), the task in its REST shape. */
export interface TaskEvent {
  id: string;
  type: EventType;
  occurredAt: string;
  userId: string;
  task: TaskView;
  /** Absent on events recorded before it was added. */
  taskTimes?: TaskTimes;
  reminder?: ReminderFiring;
  /** On task.occurrence_completed, and on task.completed of a repeating task's last occurrence. */
  occurrence?: OccurrenceCompletion;
}
