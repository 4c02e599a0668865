import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import type { TaskRecord } from './task-view.js';

/**
 * Deletes one of the caller's tasks for good (its reminder goes with it) and records `task.deleted`
 * with the task's last state, which is also returned.
 */
export async function deleteTask(ctx: ServiceContext, taskId: bigint): Promise<TaskRecord> {
  const now = ctx.clock.now();
  const task = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
    if (!existing) throw taskNotFound();
    // The count guards against a concurrent delete of the same task: only one of them announces it.
    const { count } = await tx.task.deleteMany({ where: { id: existing.id, userId: ctx.userId } });
    if (count === 0) throw taskNotFound();
    await recordEvent(tx, { type: 'task.deleted', userId: ctx.userId, task: existing }, now);
    return existing;
  });
  ctx.events.eventsRecorded();
  return task;
}
