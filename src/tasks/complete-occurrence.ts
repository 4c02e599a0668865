import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordTaskEvent } from '../events/record-event.js';
import { requireTask } from '../lists/list-access.js';
import { hasReminders, syncTaskReminder } from '../reminders/sync-task-reminder.js';
import { validateTimeZone } from '../users/time-zone.js';
import { nextOccurrence } from './occurrences.js';
import type { TaskRecord } from './task-view.js';

export interface CompleteOccurrenceResult {
  task: TaskRecord;
  changed: boolean;
}

/**
 * Completes the current occurrence (dueAt) of a pending repeating task: records it, moves dueAt to the
 * next occurrence in the user's time zone (see nextOccurrence for the rule) and re-arms the reminder
 * with the same offset, recording `task.occurrence_completed`. Without a further occurrence the task
 * completes for good (`task.completed`, also carrying the occurrence). The update is guarded by the
 * dueAt it read, so two concurrent completions of one occurrence move the task once.
 */
export async function completeOccurrence(ctx: ServiceContext, taskId: bigint): Promise<CompleteOccurrenceResult> {
  const now = ctx.clock.now();
  const result = await ctx.db.$transaction(async (tx) => {
    const { task: current } = await requireTask(tx, ctx.userId, taskId, 'complete');
    if (current.status !== 'pending' || current.recurrence === null || current.dueAt === null) {
      return { task: current, changed: false };
    }
    const user = await tx.user.findUnique({ where: { id: ctx.userId } });
    const timeZone = validateTimeZone(user?.timeZone ?? 'UTC');
    const next = nextOccurrence(current.recurrence, { dueAt: current.dueAt, dueLocal: current.dueLocal }, timeZone, now);
    const data = next
      ? { dueAt: next.dueAt, dueLocal: next.dueLocal, recurrence: next.recurrence, updatedAt: now }
      : { status: 'completed', completedAt: now, updatedAt: now };
    const { count } = await tx.task.updateMany({
      where: { id: current.id, status: 'pending', dueAt: current.dueAt },
      data,
    });
    if (count === 0) {
      const task = await tx.task.findUnique({ where: { id: taskId } });
      if (!task) throw taskNotFound();
      return { task, changed: false };
    }
    const task = (await tx.task.findUnique({ where: { id: current.id } }))!;
    await tx.taskCompletion.create({
      data: { taskId: current.id, userId: ctx.userId, occurrenceAt: current.dueAt, completedAt: now },
    });
    if (hasReminders(task)) await syncTaskReminder(tx, task, now);
    const occurrence = {
      dueAt: current.dueAt.toISOString(),
      completedAt: now.toISOString(),
      nextDueAt: next ? next.dueAt.toISOString() : null,
    };
    await recordTaskEvent(tx, { type: next ? 'task.occurrence_completed' : 'task.completed', actor: ctx.userId, via: ctx.via, task, occurrence }, now);
    return { task, changed: true };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
