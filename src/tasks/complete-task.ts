import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import type { TaskRecord } from './task-view.js';

export interface CompleteTaskResult {
  task: TaskRecord;
  /** false when the task was already completed: completing is idempotent. */
  changed: boolean;
}

/** Completes one of the caller's tasks; another user's task is reported as not found. */
export async function completeTask(ctx: ServiceContext, taskId: bigint): Promise<CompleteTaskResult> {
  const now = ctx.clock.now();
  // The status guard makes concurrent completions agree on which one changed the task.
  const { count } = await ctx.db.task.updateMany({
    where: { id: taskId, userId: ctx.userId, status: 'pending' },
    data: { status: 'completed', completedAt: now, updatedAt: now },
  });
  const task = await ctx.db.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
  if (!task) throw taskNotFound();
  return { task, changed: count === 1 };
}
