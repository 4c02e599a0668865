import type { TaskEvent } from '../events/task-event.js';
import type { LabeledTask } from '../tasks/task-view.js';

/**
 * The task of an event as a Task, as the event recorded it: its REST view and the times kept beside it
 * (a deleted task has no row any more, and the row may have changed since). Events recorded before
 * the times were kept fall back to the event's own time.
 */
export function taskOfEvent(event: TaskEvent): LabeledTask {
  const view = event.task;
  const at = event.occurredAt;
  const times = event.taskTimes ?? { createdAt: at, updatedAt: at, completedAt: view.status === 'completed' ? at : null };
  return {
    id: BigInt(view.id),
    userId: view.createdBy ?? event.userId,
    // Events recorded before lists existed name none (0 is no list's id) and no creator but their user.
    listId: BigInt(view.listId ?? event.listId ?? 0),
    assigneeId: view.assigneeId ?? null,
    labels: view.labels ?? [],
    title: view.title,
    description: view.description,
    dueAt: view.dueAt === null ? null : new Date(view.dueAt),
    priority: view.priority,
    status: view.status,
    remindBefore: view.remindBefore ?? null,
    // Events recorded before reminder lists existed have none: remindBefore stands for it.
    reminderSpecs: view.reminders && view.reminders.length > 0 ? JSON.stringify(view.reminders) : null,
    recurrence: view.recurrence ?? null,
    // Not in the event: recurrenceText then reads dueAt's own local time (it differs only on a DST-gap day).
    dueLocal: null,
    createdAt: new Date(times.createdAt),
    updatedAt: new Date(times.updatedAt),
    completedAt: times.completedAt === null ? null : new Date(times.completedAt),
  };
}
