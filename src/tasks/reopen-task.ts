import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordTaskEvent } from '../events/record-event.js';
import { requireTask } from '../lists/list-access.js';
import { hasReminders, syncTaskReminder } from '../reminders/sync-task-reminder.js';
import type { TaskRecord } from './task-view.js';

export interface ReopenTaskResult {
  task: TaskRecord;
  /** false when the task was already pending: reopening is idempotent. */
  changed: boolean;
}

/** Turns a completed task the caller may reopen back into a pending one and records `task.reopened`. */
export async function reopenTask(ctx: ServiceContext, taskId: bigint): Promise<ReopenTaskResult> {
  const now = ctx.clock.now();
  const result = await ctx.db.$transaction(async (tx) => {
    await requireTask(tx, ctx.userId, taskId, 'reopen');
    // The status guard makes concurrent reopenings agree on which one changed the task.
    const { count } = await tx.task.updateMany({
      where: { id: taskId, status: 'completed' },
      data: { status: 'pending', completedAt: null, updatedAt: now },
    });
    const task = await tx.task.findUnique({ where: { id: taskId } });
    if (!task) throw taskNotFound();
    if (count === 1) {
      if (hasReminders(task)) await syncTaskReminder(tx, task, now);
      await recordTaskEvent(tx, { type: 'task.reopened', actor: ctx.userId, via: ctx.via, task }, now);
    }
    return { task, changed: count === 1 };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
