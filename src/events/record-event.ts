import type { Tx } from '../db/database.js';
import { listMemberIds } from '../lists/list-access.js';
import { readTaskLabels } from '../tasks/task-labels.js';
import { toTaskView, type TaskRecord } from '../tasks/task-view.js';
import type { ChangeVia, EventType, OccurrenceCompletion, ReminderFiring, TaskEvent } from './task-event.js';
import { uuidv7 } from './uuid-v7.js';

export interface NewEvent {
  type: EventType;
  /** The user this copy of the event is for. */
  userId: string;
  /** The user whose request made the change; null for the service's own doing (a reminder firing). */
  actor: string | null;
  /** The transport it came through, when that is named (a CalDAV client). */
  via?: ChangeVia | undefined;
  /** The task as this change left it (as it was, for a deletion). */
  task: TaskRecord;
  /** Its labels, as this change left them. */
  labels: readonly string[];
  reminder?: ReminderFiring;
  occurrence?: OccurrenceCompletion;
}

/** One change as every user who hears of it gets it. */
export interface NewListEvent extends Omit<NewEvent, 'userId'> {
  /** Each gets an event of their own (one outbox row each); duplicates are dropped. */
  recipients: readonly string[];
}

export function buildEvent(input: NewEvent, now: Date): TaskEvent {
  return {
    id: uuidv7(now.getTime()),
    type: input.type,
    occurredAt: now.toISOString(),
    userId: input.userId,
    actor: input.actor,
    ...(input.via ? { via: input.via } : {}),
    listId: Number(input.task.listId),
    task: toTaskView(input.task, input.labels),
    taskTimes: {
      createdAt: input.task.createdAt.toISOString(),
      updatedAt: input.task.updatedAt.toISOString(),
      completedAt: input.task.completedAt?.toISOString() ?? null,
    },
    ...(input.reminder ? { reminder: input.reminder } : {}),
    ...(input.occurrence ? { occurrence: input.occurrence } : {}),
  };
}

/** The change's event for each recipient, in recipient order. */
export function buildEvents(input: NewListEvent, now: Date): TaskEvent[] {
  const { recipients, ...event } = input;
  return [...new Set(recipients)].map((userId) => buildEvent({ ...event, userId }, now));
}

export function eventRow(event: TaskEvent) {
  return {
    id: event.id,
    type: event.type,
    userId: event.userId,
    taskId: BigInt(event.task.id),
    occurredAt: new Date(event.occurredAt),
    payload: JSON.stringify(event),
  };
}

/**
 * Writes a change's events to the outbox, one per recipient. Call it with the transaction that makes
 * the change, so the events exist exactly when the change does.
 */
export async function recordEvents(tx: Tx, input: NewListEvent, now: Date): Promise<TaskEvent[]> {
  const events = buildEvents(input, now);
  if (events.length > 0) await tx.event.createMany({ data: events.map(eventRow) });
  return events;
}

/**
 * Records a change of a task for every member of its list (read in the same transaction, so whoever is
 * a member when the change commits hears of it), and for `alsoTo` (the members of the list a task left).
 * The task's labels are read in the transaction unless given (a deleted task's must be).
 */
export async function recordTaskEvent(
  tx: Tx,
  input: Omit<NewListEvent, 'recipients' | 'labels'> & { labels?: readonly string[] },
  now: Date,
  alsoTo: readonly string[] = [],
): Promise<TaskEvent[]> {
  const labels = input.labels ?? (await readTaskLabels(tx, input.task.id));
  const recipients = [...(await listMemberIds(tx, input.task.listId)), ...alsoTo];
  return recordEvents(tx, { ...input, labels, recipients }, now);
}
