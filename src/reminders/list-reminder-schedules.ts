import type { ServiceContext } from '../context.js';
import type { Reminder } from '../generated/sqlite/client.js';
import { visibleTo } from '../lists/list-access.js';

export type ReminderRecord = Reminder;

/**
 * When a reminder schedule fires next: its fire time while it is scheduled; a fired, missed or
 * cancelled reminder (or none) has no next time.
 */
export function nextFireAt(schedule: Pick<ReminderRecord, 'state' | 'fireAt'> | null | undefined): Date | null {
  return schedule?.state === 'scheduled' ? schedule.fireAt : null;
}

/**
 * The schedule that stands for a task's reminders where one is shown: the next to fire, else the one
 * that fired last, else its first slot.
 */
export function leadingSchedule(rows: readonly ReminderRecord[]): ReminderRecord | null {
  const scheduled = rows.filter((row) => row.state === 'scheduled').sort((a, b) => a.fireAt.getTime() - b.fireAt.getTime());
  if (scheduled[0]) return scheduled[0];
  const fired = rows.filter((row) => row.firedAt !== null).sort((a, b) => b.firedAt!.getTime() - a.firedAt!.getTime());
  return fired[0] ?? [...rows].sort((a, b) => a.slot - b.slot)[0] ?? null;
}

/**
 * Every reminder schedule of these tasks of the caller's lists, in one query, by task id (in slot
 * order). Tasks without one (never had a reminder, deleted, or not in a list of the caller's) are absent.
 */
export async function listReminderSchedules(ctx: ServiceContext, taskIds: readonly bigint[]): Promise<Map<bigint, ReminderRecord[]>> {
  if (taskIds.length === 0) return new Map();
  const rows = await ctx.db.reminder.findMany({ where: { taskId: { in: [...taskIds] }, task: visibleTo(ctx.userId) }, orderBy: [{ taskId: 'asc' }, { slot: 'asc' }] });
  const byTask = new Map<bigint, ReminderRecord[]>();
  for (const row of rows) byTask.set(row.taskId, [...(byTask.get(row.taskId) ?? []), row]);
  return byTask;
}
