import type { ServiceContext } from '../context.js';
import { taskNotFound } from '../errors.js';
import { recordEvent } from '../events/record-event.js';
import { syncTaskReminder } from '../reminders/sync-task-reminder.js';
import { validateTimeZone } from '../users/time-zone.js';
import { validateTaskChanges, type TaskChangesInput, type ValidTaskChanges } from './task-input.js';
import type { TaskRecord } from './task-view.js';

export interface UpdateTaskResult {
  task: TaskRecord;
  /** false when every given field already had the given value: nothing is written or announced. */
  changed: boolean;
}

function differs(current: TaskRecord, changes: ValidTaskChanges): boolean {
  return Object.entries(changes).some(([field, value]) => {
    const before = current[field as keyof TaskRecord];
    if (value instanceof Date || before instanceof Date) {
      return (before instanceof Date ? before.getTime() : before) !== (value instanceof Date ? value.getTime() : value);
    }
    return before !== value;
  });
}

/** Changes any editable field of one of the caller's tasks, keeps its reminder in step, records `task.updated`. */
export async function updateTask(ctx: ServiceContext, taskId: bigint, input: TaskChangesInput): Promise<UpdateTaskResult> {
  const now = ctx.clock.now();
  const result = await ctx.db.$transaction(async (tx) => {
    const current = await tx.task.findFirst({ where: { id: taskId, userId: ctx.userId } });
    if (!current) throw taskNotFound();
    // The zone places a repeating task's dueAt on its rule, which only a new dueAt or rule can move.
    const movesSeries = input.dueAt !== undefined || input.recurrence !== undefined;
    const user = movesSeries ? await tx.user.findUnique({ where: { id: ctx.userId } }) : null;
    const changes = validateTaskChanges(input, current, validateTimeZone(user?.timeZone ?? 'UTC'));
    if (!differs(current, changes)) return { task: current, changed: false };
    const task = await tx.task.update({ where: { id: current.id }, data: { ...changes, updatedAt: now } });
    if (task.remindBefore !== null || current.remindBefore !== null) await syncTaskReminder(tx, task, now);
    await recordEvent(tx, { type: 'task.updated', userId: ctx.userId, task }, now);
    return { task, changed: true };
  });
  if (result.changed) ctx.events.eventsRecorded();
  return result;
}
