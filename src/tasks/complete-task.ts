import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { completeOccurrence } from './complete-occurrence.js';
import type { TaskRecord } from './task-view.js';

export interface CompleteTaskResult {
  task: TaskRecord;
  /** false when the task was already completed: completing is idempotent. */
  changed: boolean;
}

/**
 * Completes a task the caller may complete, cancels its reminder and records `task.completed` for every
 * member of its list, atomically; a task of a list the caller is not in is reported as not found, a
 * viewer's attempt as forbidden. A repeating task completes its current occurrence instead and moves on
 * (completeOccurrence).
 */
export async function completeTask(ctx: ServiceContext, taskId: bigint): Promise<CompleteTaskResult> {
  const result = await ctx.store.completeTask({ userId: ctx.userId, taskId, now: ctx.clock.now(), via: ctx.via });
  if (!result) throw taskNotFound();
  // The store's fast path leaves repeating tasks alone.
  if (!result.changed && result.task.status === 'pending' && result.task.recurrence !== null) {
    return completeOccurrence(ctx, taskId);
  }
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
