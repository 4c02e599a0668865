import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import type { TaskRecord } from './task-view.js';

/** One of the caller's tasks; another user's task is reported as not found, like a missing one. */
export async function getTask(ctx: ServiceContext, taskId: bigint): Promise<TaskRecord> {
  const task = await ctx.db.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
  if (!task) throw taskNotFound();
  return task;
}
