import type { ServiceContext } from '../context.js';
import { invalidTask } from '../errors.js';
import type { TaskRecord, TaskStatus } from './task-view.js';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export type StatusFilter = TaskStatus | 'all';

export interface ListTasksOptions {
  limit?: number;
  status?: StatusFilter;
}

/** The caller's tasks by due time (undated last), then id. */
export async function listTasks(ctx: ServiceContext, options: ListTasksOptions = {}): Promise<TaskRecord[]> {
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw invalidTask(`limit must be an integer from 1 to ${LIST_LIMIT_MAX}`);
  }
  const status = options.status ?? 'pending';
  return ctx.db.task.findMany({
    where: { userId: ctx.userId, ...(status === 'all' ? {} : { status }) },
    orderBy: [{ dueAt: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
    take: limit,
  });
}
