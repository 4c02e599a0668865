import type { ServiceContext } from '../context.js';
import { invalidTask, listNotFound } from '../errors.js';
import { labelKey, validateLabel } from './task-labels.js';
import { PRIORITIES, type Priority } from './task-view.js';

/** The optional narrowing of a task list: one of the caller's lists, a label, a priority, an assignee. */
export interface TaskScopeInput {
  listId?: bigint | undefined;
  label?: string | undefined;
  priority?: string | undefined;
  /** `me` (the caller) or a user id. */
  assignee?: string | undefined;
}

export interface TaskScope {
  listIds: bigint[];
  labelKey?: string | undefined;
  priority?: Priority | undefined;
  assigneeId?: string | undefined;
}

/**
 * The lists a read covers (every list the caller is a member of, or the one asked for, which must be
 * one of them: 404 like a missing list otherwise) and the other filters, checked.
 */
export async function resolveTaskScope(ctx: ServiceContext, input: TaskScopeInput = {}): Promise<TaskScope> {
  const memberOf = await ctx.store.memberListIds(ctx.userId);
  let listIds = memberOf;
  if (input.listId !== undefined) {
    if (!memberOf.includes(input.listId)) throw listNotFound();
    listIds = [input.listId];
  }
  return { listIds, ...checkTaskFilters(ctx, input) };
}

/** The filters of a read besides its lists, checked (a 400 for a priority or an assignee that cannot be). */
export function checkTaskFilters(ctx: ServiceContext, input: TaskScopeInput): Omit<TaskScope, 'listIds'> {
  if (input.priority !== undefined && !PRIORITIES.includes(input.priority as Priority)) {
    throw invalidTask(`priority must be one of ${PRIORITIES.join(', ')}`);
  }
  let assigneeId: string | undefined;
  if (input.assignee !== undefined) {
    if (input.assignee.length === 0 || input.assignee.length > 255) throw invalidTask('assignee must be "me" or a user id');
    assigneeId = input.assignee === 'me' ? ctx.userId : input.assignee;
  }
  return {
    labelKey: input.label === undefined ? undefined : labelKey(validateLabel(input.label)),
    priority: input.priority as Priority | undefined,
    assigneeId,
  };
}
