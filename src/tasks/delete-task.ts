import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordTaskEvent } from '../events/record-event.js';
import { requireTask } from '../lists/list-access.js';
import type { TaskRecord } from './task-view.js';

/**
 * Deletes a task the caller may delete for good (its reminder goes with it) and records `task.deleted`
 * with the task's last state, for every member of its list; the state is also returned.
 */
export async function deleteTask(ctx: ServiceContext, taskId: bigint): Promise<TaskRecord> {
  const now = ctx.clock.now();
  const task = await ctx.db.$transaction(async (tx) => {
    const { task: existing } = await requireTask(tx, ctx.userId, taskId, 'delete-task');
    // The count guards against a concurrent delete of the same task: only one of them announces it.
    const { count } = await tx.task.deleteMany({ where: { id: existing.id } });
    if (count === 0) throw taskNotFound();
    await recordTaskEvent(tx, { type: 'task.deleted', actor: ctx.userId, via: ctx.via, task: existing }, now);
    return existing;
  });
  ctx.events.eventsRecorded();
  return task;
}
