import type { TaskView } from '../tasks/task-view.js';
import type { ChangeVia } from './change-via.js';
import type { ListEventType } from './list-event.js';

export const TASK_EVENT_TYPES = [
  'task.created',
  'task.updated',
  'task.completed',
  'task.occurrence_completed',
  'task.reopened',
  'task.deleted',
] as const;
export type TaskEventType = (typeof TASK_EVENT_TYPES)[number];

export type { ChangeVia } from './change-via.js';

export const EVENT_TYPES = [...TASK_EVENT_TYPES, 'reminder.due', 'reminder.delivered', 'reminder.failed'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** Every type the outbox carries: task and reminder events (webhook types) and list events (src/events/list-event.ts). */
export type OutboxEventType = EventType | ListEventType;

/** What a `reminder.due` event adds: the offset, when it was planned and fired, how late. */
export interface ReminderFiring {
  offsetMinutes: number;
  plannedAt: string;
  firedAt: string;
  lateSeconds: number;
  /** true when it fired noticeably after its planned time (e.g. the service was down). */
  late: boolean;
  /** Which reminder fired: its schedule's id, its place in the task's reminders list, and its kind (absent in events from before lists). */
  reminderId?: string;
  slot?: number;
  kind?: 'before' | 'at';
  /** 0 for its first ring; n for the nth ring again of a nagging reminder. */
  ring?: number;
}

/** What `reminder.delivered` and `reminder.failed` add: which channel, for which reminder, and why it failed. */
export interface ReminderDelivery {
  channel: 'push' | 'email';
  /** The `reminder.due` event this delivery carried. */
  reminderEventId: string;
  /** When the task was due (null: a task without a due time, reminded by a snooze). */
  dueAt: string | null;
  /** When the channel took it (delivered); null when it failed. */
  sentAt: string | null;
  error: string | null;
  /** Why it went by this channel, when not by the person's settings (the email fallback). */
  reason: string | null;
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

/**
 * A domain event: one per state change and per user who hears of it (every member of the task's list;
 * a reminder only its recipient), ids time-ordered (UUIDv7), the task in its REST shape.
 */
export interface TaskEvent {
  id: string;
  type: EventType;
  occurredAt: string;
  /** Who this copy of the event is for: the outbox, the bus, webhooks and push address it by this user. */
  userId: string;
  /** Who made the change (a user id); null for the service's own doing (a reminder firing). Absent on older events. */
  actor?: string | null;
  /** The transport the change came through ("caldav"); absent for REST, GraphQL, the service and older events. */
  via?: ChangeVia;
  /** The list the task is in (after the change). Absent on older events. */
  listId?: number;
  task: TaskView;
  /** Absent on events recorded before it was added. */
  taskTimes?: TaskTimes;
  reminder?: ReminderFiring;
  /** On reminder.delivered and reminder.failed. */
  delivery?: ReminderDelivery;
  /** On task.occurrence_completed, and on task.completed of a repeating task's last occurrence. */
  occurrence?: OccurrenceCompletion;
}
