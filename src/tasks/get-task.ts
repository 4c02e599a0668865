import type { ServiceContext } from '../context.js';
import { requireTask } from '../lists/list-access.js';
import type { TaskRecord } from './task-view.js';

/** A task of one of the caller's lists; any other task is reported as not found, like a missing one. */
export async function getTask(ctx: ServiceContext, taskId: bigint): Promise<TaskRecord> {
  return (await requireTask(ctx.db, ctx.userId, taskId, 'read')).task;
}
