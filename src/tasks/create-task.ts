import type { ServiceContext } from '../context.js';
import { validateNewTask, type NewTaskInput } from './task-input.js';
import type { TaskRecord } from './task-view.js';

/** Creates a pending task for the caller. */
export async function createTask(ctx: ServiceContext, input: NewTaskInput): Promise<TaskRecord> {
  const task = validateNewTask(input);
  const now = ctx.clock.now();
  return ctx.db.task.create({
    data: { ...task, userId: ctx.userId, status: 'pending', createdAt: now, updatedAt: now },
  });
}
