import type { ServiceContext } from '../context.js';
import { createTask } from '../tasks/create-task.js';
import type { LabeledTask } from '../tasks/task-view.js';
import type { CaptureDraft } from './capture-task.js';

/**
 * Stores a draft as a task, as if the caller had accepted it unchanged, with its suggested reminders
 * (a relative reminder needs a due time, so a draft without one is stored without it), in the list, with the
 * labels and priority its marks gave.
 */
export function createCapturedTask(ctx: ServiceContext, draft: CaptureDraft): Promise<LabeledTask> {
  return createTask(ctx, {
    title: draft.title,
    description: draft.description,
    dueAt: draft.dueAt ? draft.dueAt.toISOString() : null,
    // The list when the note named one; else the lone suggested offset (both only ever keep reminders a task can have).
    ...(draft.reminders.length > 1 || draft.reminders.some((r) => 'at' in r)
      ? { reminders: draft.reminders.filter((r) => 'at' in r || draft.dueAt !== null) }
      : { remindBefore: draft.dueAt ? draft.remindBefore : null }),
    recurrence: draft.dueAt ? draft.recurrence : null,
    listId: draft.listId === null ? null : BigInt(draft.listId),
    labels: draft.labels,
    priority: draft.priority,
  });
}
