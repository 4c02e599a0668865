import type { ServiceContext } from '../context.js';
import { invalidTask } from '../errors.js';
import type { ListedTaskView, TaskStatus } from './task-view.js';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export type StatusFilter = TaskStatus | 'all';

export interface ListTasksOptions {
  limit?: number;
  status?: StatusFilter;
}

/**
 * The caller's tasks (in their REST shape) by due time, undated last, then id. The store reads dated
 * and undated tasks in two steps because each step then walks the (user, status, due_at, id) index in
 * order: a single "NULLS LAST" sort cannot use it on SQLite and sorts every task of the user instead.
 */
export async function listTasks(ctx: ServiceContext, options: ListTasksOptions = {}): Promise<ListedTaskView[]> {
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw invalidTask(`limit must be an integer from 1 to ${LIST_LIMIT_MAX}`);
  }
  return ctx.store.listTaskViews(ctx.userId, options.status ?? 'pending', limit);
}
