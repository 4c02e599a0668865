import type { ServiceContext } from '../context.js';
import { createTask } from '../tasks/create-task.js';
import type { TaskRecord } from '../tasks/task-view.js';
import type { CaptureDraft } from './capture-task.js';

/**
 * Stores a draft as a task, as if the caller had accepted it unchanged. `remindBefore` is not kept:
 * tasks have no reminder offset yet.
 */
export function createCapturedTask(ctx: ServiceContext, draft: CaptureDraft): Promise<TaskRecord> {
  return createTask(ctx, {
    title: draft.title,
    description: draft.description,
    dueAt: draft.dueAt ? draft.dueAt.toISOString() : null,
  });
}
