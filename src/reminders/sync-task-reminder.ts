import type { Tx } from '../db/database.js';
import type { TaskRecord } from '../tasks/task-view.js';
import type { ReminderRecord } from './list-reminder-schedules.js';
import { planReminders, type ReminderPlan } from './plan-reminder.js';

/** Whether a task has (or, given its earlier state, had) reminders whose schedules need keeping in step. */
export const hasReminders = (task: Pick<TaskRecord, 'remindBefore' | 'reminderSpecs'>): boolean => task.remindBefore !== null || task.reminderSpecs !== null;

const sameSchedule = (existing: ReminderRecord, plan: ReminderPlan) =>
  existing.kind === plan.kind &&
  existing.dueAt.getTime() === plan.dueAt.getTime() &&
  existing.offsetMinutes === plan.offsetMinutes &&
  existing.nagEvery === plan.nagEvery &&
  existing.nagTimes === plan.nagTimes;

/**
 * Brings a task's reminder schedules (one per slot of its reminders list) in line with the task, inside
 * the transaction that changed it. A changed due time, offset, instant or nag reschedules that slot;
 * completing (or a time now past) cancels; an unchanged schedule is left alone, so editing a title
 * never re-arms a reminder that already fired, while a repeating task's next occurrence (a new dueAt)
 * re-arms every relative one. Slots past the end of the list are cancelled.
 */
export async function syncTaskReminder(tx: Tx, task: TaskRecord, now: Date): Promise<void> {
  const plans = planReminders(task, now);
  const existing = await tx.reminder.findMany({ where: { taskId: task.id } });
  const bySlot = new Map(existing.map((row) => [row.slot, row]));
  const cancelled: bigint[] = [];
  for (const row of existing) {
    if (row.slot < plans.length && plans[row.slot]) continue;
    // A snooze outlives the due time (that is what it is for) and edits that leave the task pending.
    const snoozeStands = row.snoozedUntil !== null && task.status === 'pending' && row.dueAt.getTime() === (task.dueAt ?? row.dueAt).getTime();
    if (row.state === 'scheduled' && !snoozeStands) cancelled.push(row.id);
  }
  if (cancelled.length > 0) await tx.reminder.updateMany({ where: { id: { in: cancelled } }, data: { state: 'cancelled', updatedAt: now } });
  for (const plan of plans) {
    if (!plan) continue;
    const row = bySlot.get(plan.slot);
    if (row && sameSchedule(row, plan) && row.state !== 'cancelled') continue;
    const schedule = {
      userId: task.userId,
      kind: plan.kind,
      offsetMinutes: plan.offsetMinutes,
      dueAt: plan.dueAt,
      fireAt: plan.fireAt,
      nagEvery: plan.nagEvery,
      nagTimes: plan.nagTimes,
      nagRung: 0,
      state: 'scheduled',
      firedAt: null,
      lateMs: null,
      snoozedUntil: null,
      updatedAt: now,
    };
    await tx.reminder.upsert({
      where: { taskId_slot: { taskId: task.id, slot: plan.slot } },
      create: { taskId: task.id, slot: plan.slot, ...schedule },
      update: schedule,
    });
  }
}

/** The next moment one of this task's reminders will fire, or null. */
export async function nextReminderAt(tx: Tx, taskId: bigint): Promise<Date | null> {
  const next = await tx.reminder.findFirst({ where: { taskId, state: 'scheduled' }, orderBy: { fireAt: 'asc' } });
  return next?.fireAt ?? null;
}
