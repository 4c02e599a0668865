import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { syncTaskReminder } from '../reminders/sync-task-reminder.js';
import type { TaskRecord } from './task-view.js';

export interface ReopenTaskResult {
  task: TaskRecord;
  /** false when the task was already pending: reopening is idempotent. */
  changed: boolean;
}

/** Turns one of the caller's completed tasks back into a pending one and records `task.reopened`. */
export async function reopenTask(ctx: ServiceContext, taskId: bigint): Promise<ReopenTaskResult> {
  const now = ctx.clock.now();
  const result = await ctx.db.$transaction(async (tx) => {
    // The status guard makes concurrent reopenings agree on which one changed the task.
    const { count } = await tx.task.updateMany({
      where: { id: taskId, userId: ctx.userId, status: 'completed' },
      data: { status: 'pending', completedAt: null, updatedAt: now },
    });
    const task = await tx.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
    if (!task) throw taskNotFound();
    if (count === 1) {
      if (task.remindBefore !== null) await syncTaskReminder(tx, task, now);
      await recordEvent(tx, { type: 'task.reopened', userId: ctx.userId, task }, now);
    }
    return { task, changed: count === 1 };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
