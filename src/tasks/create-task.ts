import type { ServiceContext } from '../context.js';
import { recordEvent } from '../events/record-event.js';
import { syncTaskReminder } from '../reminders/sync-task-reminder.js';
import { validateNewTask, type NewTaskInput } from './task-input.js';
import { toTaskView, type TaskRecord } from './task-view.js';

/** Creates a pending task for the caller, schedules its reminder and records `task.created`. */
export async function createTask(ctx: ServiceContext, input: NewTaskInput): Promise<TaskRecord> {
  const fields = validateNewTask(input);
  const now = ctx.clock.now();
  const task = await ctx.db.$transaction(async (tx) => {
    const created = await tx.task.create({
      data: { ...fields, userId: ctx.userId, status: 'pending', createdAt: now, updatedAt: now },
    });
    if (created.remindBefore !== null) await syncTaskReminder(tx, created, now);
    await recordEvent(tx, { type: 'task.created', userId: ctx.userId, task: toTaskView(created) }, now);
    return created;
  });
  ctx.events.eventsRecorded();
  return task;
}
