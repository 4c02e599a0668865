import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { syncTaskReminder } from '../reminders/sync-task-reminder.js';
import { toTaskView, type TaskRecord } from './task-view.js';

export interface CompleteTaskResult {
  task: TaskRecord;
  /** false when the task was already completed: completing is idempotent. */
  changed: boolean;
}

/**
 * Completes one of the caller's tasks, cancels its reminder and records `task.completed`; another
 * user's task is reported as not found.
 */
export async function completeTask(ctx: ServiceContext, taskId: bigint): Promise<CompleteTaskResult> {
  const now = ctx.clock.now();
  const result = await ctx.db.$transaction(async (tx) => {
    // The status guard makes concurrent completions agree on which one changed the task.
    const { count } = await tx.task.updateMany({
      where: { id: taskId, userId: ctx.userId, status: 'pending' },
      data: { status: 'completed', completedAt: now, updatedAt: now },
    });
    const task = await tx.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
    if (!task) throw taskNotFound();
    if (count === 1) {
      if (task.remindBefore !== null) await syncTaskReminder(tx, task, now);
      await recordEvent(tx, { type: 'task.completed', userId: ctx.userId, task: toTaskView(task) }, now);
    }
    return { task, changed: count === 1 };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
