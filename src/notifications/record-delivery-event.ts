import type { Tx } from '../db/database.js';
import { eventRow } from '../events/record-event.js';
import type { ReminderDelivery, TaskEvent } from '../events/task-event.js';
import { uuidv7 } from '../events/uuid-v7.js';

export interface DeliveryOutcome extends Omit<ReminderDelivery, 'dueAt'> {
  delivered: boolean;
}

/**
 * Records `reminder.delivered` or `reminder.failed` for one channel of a reminder, in the transaction
 * that records the outcome, so webhooks hear of it exactly when it is on record. The task is the one the
 * `reminder.due` event carried; when that event has been pruned already (EVENT_RETENTION), none is recorded.
 */
export async function recordDeliveryEvent(tx: Tx, outcome: DeliveryOutcome, now: Date): Promise<boolean> {
  const due = await tx.event.findUnique({ where: { id: outcome.reminderEventId }, select: { payload: true, userId: true } });
  if (!due) return false;
  const reminder = JSON.parse(due.payload) as TaskEvent;
  const { delivered, ...delivery } = outcome;
  const userId = due.userId;
  const event: TaskEvent = {
    id: uuidv7(now.getTime()),
    type: delivered ? 'reminder.delivered' : 'reminder.failed',
    occurredAt: now.toISOString(),
    userId,
    actor: null,
    ...(reminder.listId !== undefined ? { listId: reminder.listId } : {}),
    task: reminder.task,
    ...(reminder.taskTimes ? { taskTimes: reminder.taskTimes } : {}),
    delivery: { ...delivery, dueAt: reminder.task.dueAt },
  };
  await tx.event.create({ data: eventRow(event) });
  return true;
}
