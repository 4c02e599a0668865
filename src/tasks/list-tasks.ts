import type { ServiceContext } from '../context.js';
import { invalidTask } from '../errors.js';
import { checkTaskFilters, resolveTaskScope, type TaskScopeInput } from './task-scope.js';
import type { ListedTaskView, StatusFilter } from './task-view.js';

export const LIST_LIMIT_DEFAULT = 50;
export const LIST_LIMIT_MAX = 200;

export interface ListTasksOptions extends TaskScopeInput {
  limit?: number;
  status?: StatusFilter;
}

/**
 * The tasks of every list the caller is a member of (or of the one list asked for; optionally only a
 * label's, a priority's or an assignee's), in their REST shape, by due time, undated last, then id. On
 * SQLite the store reads dated and undated tasks in two steps because each step then walks the
 * (list, status, due_at, id) index in order: a single "NULLS LAST" sort cannot use it there and sorts
 * every task instead (PostgreSQL's index keeps nulls last: one read).
 */
export async function listTasks(ctx: ServiceContext, options: ListTasksOptions = {}): Promise<ListedTaskView[]> {
  const limit = options.limit ?? LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LIST_LIMIT_MAX) {
    throw invalidTask(`limit must be an integer from 1 to ${LIST_LIMIT_MAX}`);
  }
  const status = options.status ?? 'pending';
  const byStatus = status === 'all' ? undefined : status;
  // Every list of the caller's: the store reads the membership with the tasks (one round trip on PostgreSQL).
  if (options.listId === undefined) return ctx.store.listTaskViews({ ...checkTaskFilters(ctx, options), memberOf: ctx.userId, status: byStatus }, limit);
  return ctx.store.listTaskViews({ ...(await resolveTaskScope(ctx, options)), status: byStatus }, limit);
}
