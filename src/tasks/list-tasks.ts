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

/**
 * The caller's tasks by due time (undated last), then id. Dated and undated tasks are read in two
 * steps because each step then walks the (user, status, due_at, id) index in order: a single
 * "NULLS LAST" sort cannot use it on SQLite and sorts every task of the user instead.
 */
export async function listTasks(ctx: ServiceContext, options: ListTasksOptions = {}): Promise<TaskRecord[]> {
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw invalidTask(`limit must be an integer from 1 to ${LIST_LIMIT_MAX}`);
  }
  const status = options.status ?? 'pending';
  const where = { userId: ctx.userId, ...(status === 'all' ? {} : { status }) };
  const dated = await ctx.db.task.findMany({
    where: { ...where, dueAt: { not: null } },
    orderBy: [{ dueAt: 'asc' }, { id: 'asc' }],
    take: limit,
  });
  if (dated.length === limit) return dated;
  const undated = await ctx.db.task.findMany({
    where: { ...where, dueAt: null },
    orderBy: { id: 'asc' },
    take: limit - dated.length,
  });
  return [...dated, ...undated];
}
