import type { ServiceContext } from '../context.js';
import { createTask } from '../tasks/create-task.js';
import type { TaskRecord } from '../tasks/task-view.js';
import type { CaptureDraft } from './capture-task.js';

/**
 * Stores a draft as a task, as if the caller had accepted it unchanged, with its suggested reminder
 * (a reminder needs a due time, so a draft without one is stored without it).
 */
export function createCapturedTask(ctx: ServiceContext, draft: CaptureDraft): Promise<TaskRecord> {
  return createTask(ctx, {
    title: draft.title,
    description: draft.description,
    dueAt: draft.dueAt ? draft.dueAt.toISOString() : null,
    remindBefore: draft.dueAt ? draft.remindBefore : null,
    recurrence: draft.dueAt ? draft.recurrence : null,
  });
}
