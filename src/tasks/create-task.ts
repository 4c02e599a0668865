import type { ServiceContext } from '../context.js';
import { callerTimeZone } from './describe-task-recurrence.js';
import { validateNewTask, type NewTaskInput } from './task-input.js';
import type { TaskRecord } from './task-view.js';

/**
 * Creates a pending task for the caller, schedules its reminder and records `task.created`, atomically.
 * A repeating task's dueAt is moved onto its rule (placeOnRule), in the caller's zone: only then is the
 * user read, so a plain create costs no extra query.
 */
export async function createTask(ctx: ServiceContext, input: NewTaskInput): Promise<TaskRecord> {
  const timeZone = input.recurrence === undefined || input.recurrence === null ? 'UTC' : await callerTimeZone(ctx);
  const fields = validateNewTask(input, timeZone);
  const task = await ctx.store.insertTask({ userId: ctx.userId, fields, now: ctx.clock.now() });
  ctx.events.eventsRecorded();
  return task;
}
