import type { ServiceContext } from '../context.js';
import { getUser } from '../users/get-user.js';
import { validateTimeZone } from '../users/time-zone.js';
import { describeRule } from './occurrences.js';
import type { ListedTaskView, TaskView } from './task-view.js';

const zones = new WeakMap<ServiceContext, Promise<string>>();

/** The caller's time zone, read once per context (one request). */
export function callerTimeZone(ctx: ServiceContext): Promise<string> {
  let zone = zones.get(ctx);
  if (!zone) {
    zone = getUser(ctx).then((user) => validateTimeZone(user.timeZone));
    zones.set(ctx, zone);
  }
  return zone;
}

/** "every week on Monday at 9:00", or null for a task that does not repeat. */
export function describeTaskRecurrence(
  task: { recurrence: string | null; dueAt: Date | null; dueLocal: string | null },
  timeZone: string,
): string | null {
  return task.recurrence === null || task.dueAt === null ? null : describeRule(task.recurrence, { dueAt: task.dueAt, dueLocal: task.dueLocal }, timeZone);
}

/** A task's REST shape: its view and the repeat in words. */
export type RestTaskView = TaskView & { recurrenceText: string | null };

/**
 * REST views with `recurrenceText` added (the caller's zone is read only when a task repeats). The
 * series' wall-clock time (`dueLocal`) is read for the text and not shown. Each view is written out
 * field by field: an object rest (`{ dueLocal, ...view }`) took 7 % of a list request's CPU.
 */
export async function withRecurrenceText(ctx: ServiceContext, views: readonly ListedTaskView[]): Promise<RestTaskView[]> {
  const zone = views.some((view) => view.recurrence !== null) ? await callerTimeZone(ctx) : 'UTC';
  return views.map((view) => ({
    id: view.id,
    title: view.title,
    description: view.description,
    dueAt: view.dueAt,
    priority: view.priority,
    status: view.status,
    remindBefore: view.remindBefore,
    reminders: view.reminders,
    recurrence: view.recurrence,
    recurrenceText:
      view.recurrence === null
        ? null
        : describeTaskRecurrence({ recurrence: view.recurrence, dueAt: view.dueAt === null ? null : new Date(view.dueAt), dueLocal: view.dueLocal }, zone),
    listId: view.listId,
    labels: view.labels,
    assigneeId: view.assigneeId,
    createdBy: view.createdBy,
  }));
}
