import type { Tx } from '../db/database.js';
import type { TaskRecord } from '../tasks/task-view.js';
import { nextFireAt } from './list-reminder-schedules.js';
import { planReminder } from './plan-reminder.js';

/**
 * Brings a task's reminder schedule in line with the task, inside the transaction that changed it.
 * A changed due time or offset reschedules; completing (or a due time now past) cancels; an unchanged
 * schedule is left alone, so editing a title never re-arms a reminder that already fired.
 */
export async function syncTaskReminder(tx: Tx, task: TaskRecord, now: Date): Promise<void> {
  const plan = planReminder(task, now);
  const existing = await tx.reminder.findUnique({ where: { taskId: task.id } });
  if (!plan) {
    // A snooze outlives the due time (that is what it is for) and edits that leave the task pending.
    const snoozeStands = existing?.snoozedUntil != null && task.status === 'pending' && existing.dueAt.getTime() === (task.dueAt ?? existing.dueAt).getTime();
    if (existing?.state === 'scheduled' && !snoozeStands) {
      await tx.reminder.update({ where: { taskId: task.id }, data: { state: 'cancelled', updatedAt: now } });
    }
    return;
  }
  const sameSchedule =
    existing !== null &&
    existing.dueAt.getTime() === plan.dueAt.getTime() &&
    existing.offsetMinutes === plan.offsetMinutes;
  if (sameSchedule && existing.state !== 'cancelled') return;
  const schedule = {
    userId: task.userId,
    offsetMinutes: plan.offsetMinutes,
    dueAt: plan.dueAt,
    fireAt: plan.fireAt,
    state: 'scheduled',
    firedAt: null,
    lateMs: null,
    snoozedUntil: null,
    updatedAt: now,
  };
  await tx.reminder.upsert({ where: { taskId: task.id }, create: { taskId: task.id, ...schedule }, update: schedule });
}

/** The next moment this task's reminder will fire, or null. */
export async function nextReminderAt(tx: Tx, taskId: bigint): Promise<Date | null> {
  return nextFireAt(await tx.reminder.findUnique({ where: { taskId } }));
}
