import type { Tx } from '../db/database.js';
import { toTaskView, type TaskRecord } from '../tasks/task-view.js';
import type { EventType, OccurrenceCompletion, ReminderFiring, TaskEvent } from './task-event.js';
import { uuidv7 } from './uuid-v7.js';

export interface NewEvent {
  type: EventType;
  userId: string;
  /** The task as this change left it (as it was, for a deletion). */
  task: TaskRecord;
  reminder?: ReminderFiring;
  occurrence?: OccurrenceCompletion;
}

export function buildEvent(input: NewEvent, now: Date): TaskEvent {
  return {
    id: uuidv7(now.getTime()),
    type: input.type,
    occurredAt: now.toISOString(),
    userId: input.userId,
    task: toTaskView(input.task),
    taskTimes: {
      createdAt: input.task.createdAt.toISOString(),
      updatedAt: input.task.updatedAt.toISOString(),
      completedAt: input.task.completedAt?.toISOString() ?? null,
    },
    ...(input.reminder ? { reminder: input.reminder } : {}),
    ...(input.occurrence ? { occurrence: input.occurrence } : {}),
  };
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
 * Writes a domain event to the outbox. Call it with the transaction that makes the change, so the
 * event exists exactly when the change does.
 */
export async function recordEvent(tx: Tx, input: NewEvent, now: Date): Promise<TaskEvent> {
  const event = buildEvent(input, now);
  await tx.event.create({ data: eventRow(event) });
  return event;
}
