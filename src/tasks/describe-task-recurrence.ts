import type { ServiceContext } from '../context.js';
import { getUser } from '../users/get-user.js';
import { validateTimeZone } from '../users/time-zone.js';
import { describeRule } from './occurrences.js';

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

/**
 * REST views with `recurrenceText` added (the caller's zone is read only when a task repeats). The
 * series' wall-clock time (`dueLocal`) is read for the text and not shown.
 */
export async function withRecurrenceText<T extends { recurrence: string | null; dueAt: string | null }>(
  ctx: ServiceContext,
  views: (T & { dueLocal: string | null })[],
): Promise<(T & { recurrenceText: string | null })[]> {
  const zone = views.some((view) => view.recurrence !== null) ? await callerTimeZone(ctx) : 'UTC';
  return views.map(({ dueLocal, ...view }) => ({
    ...(view as unknown as T),
    recurrenceText: describeTaskRecurrence({ recurrence: view.recurrence, dueAt: view.dueAt === null ? null : new Date(view.dueAt), dueLocal }, zone),
  }));
}
