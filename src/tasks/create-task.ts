import type { ServiceContext } from '../context.js';
import { validateNewTask, type NewTaskInput } from './task-input.js';
import type { TaskRecord } from './task-view.js';

/** Creates a pending task for the caller, schedules its reminder and records `task.created`, atomically. */
export async function createTask(ctx: ServiceContext, input: NewTaskInput): Promise<TaskRecord> {
  const fields = validateNewTask(input);
  const task = await ctx.store.insertTask({ userId: ctx.userId, fields, now: ctx.clock.now() });
  ctx.events.eventsRecorded();
  return task;
}
