import { execute, queryRows, type SqlProgram } from '../db/sql-program.js';
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
export function* recordDeliveryEvent(outcome: DeliveryOutcome, now: Date): SqlProgram<boolean> {
  const [due] = yield* queryRows<{ payload: string; user_id: string }>('SELECT payload, user_id FROM events WHERE id = ?', outcome.reminderEventId);
  if (!due) return false;
  const reminder = JSON.parse(due.payload) as TaskEvent;
  const { delivered, ...delivery } = outcome;
  const event: TaskEvent = {
    id: uuidv7(now.getTime()),
    type: delivered ? 'reminder.delivered' : 'reminder.failed',
    occurredAt: now.toISOString(),
    userId: due.user_id,
    actor: null,
    ...(reminder.listId !== undefined ? { listId: reminder.listId } : {}),
    task: reminder.task,
    ...(reminder.taskTimes ? { taskTimes: reminder.taskTimes } : {}),
    delivery: { ...delivery, dueAt: reminder.task.dueAt },
  };
  const row = eventRow(event);
  yield* execute(
    'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
    row.id,
    row.type,
    row.userId,
    row.taskId,
    row.occurredAt,
    row.payload,
  );
  return true;
}
