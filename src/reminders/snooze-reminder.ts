import type { ServiceContext } from '../context.js';
import { AppError, taskNotFound } from '../errors.js';
import type { ReminderRecord } from './list-reminder-schedules.js';

export const SNOOZE_MIN_MINUTES = 5;
export const SNOOZE_MAX_MINUTES = 1440;

/**
 * Makes the task's reminder fire again `minutes` from now, without touching the task: its dueAt and
 * offset stay, and the schedule records the snooze (`snoozedUntil`). A stored schedule, so it survives
 * restarts and fires (exactly once, through the same sweep) like any reminder. A task without a due
 * time gets a reminder all the same. Completed tasks cannot be snoozed (409).
 */
export async function snoozeReminder(ctx: ServiceContext, taskId: bigint, minutes: unknown): Promise<ReminderRecord> {
  if (!Number.isInteger(minutes) || (minutes as number) < SNOOZE_MIN_MINUTES || (minutes as number) > SNOOZE_MAX_MINUTES) {
    throw new AppError('reminders/invalid', 400, `minutes must be an integer from ${SNOOZE_MIN_MINUTES} to ${SNOOZE_MAX_MINUTES}`);
  }
  const now = ctx.clock.now();
  const fireAt = new Date(now.getTime() + (minutes as number) * 60_000);
  const reminder = await ctx.db.$transaction(async (tx) => {
    const task = await tx.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
    if (!task) throw taskNotFound();
    if (task.status !== 'pending') throw new AppError('reminders/not_snoozable', 409, 'A completed task cannot be snoozed; reopen it first');
    const schedule = { state: 'scheduled', fireAt, snoozedUntil: fireAt, firedAt: null, lateMs: null, updatedAt: now };
    return tx.reminder.upsert({
      where: { taskId },
      create: {
        taskId,
        userId: ctx.userId,
        offsetMinutes: task.remindBefore ?? 0,
        // The schedule's dueAt is what a due-time change is compared with; without one, the snooze's own time.
        dueAt: task.dueAt ?? fireAt,
        ...schedule,
      },
      update: schedule,
    });
  });
  ctx.logger.info({ taskId: String(taskId), minutes, fireAt: fireAt.toISOString() }, 'reminder snoozed');
  return reminder;
}
