import type { ServiceContext } from '../context.js';
import type { Reminder } from '../generated/sqlite/client.js';

export type ReminderRecord = Reminder;

/**
 * When a reminder schedule fires next: its fire time while it is scheduled; a fired, missed or
 * cancelled reminder (or none) has no next time.
 */
export function nextFireAt(schedule: Pick<ReminderRecord, 'state' | 'fireAt'> | null | undefined): Date | null {
  return schedule?.state === 'scheduled' ? schedule.fireAt : null;
}

/**
 * The reminder schedules of these tasks of the caller's, in one query, by task id. Tasks without one
 * (never had a reminder, deleted, or not the caller's) are absent from the map.
 */
export async function listReminderSchedules(ctx: ServiceContext, taskIds: readonly bigint[]): Promise<Map<bigint, ReminderRecord>> {
  if (taskIds.length === 0) return new Map();
  const rows = await ctx.db.reminder.findMany({ where: { userId: ctx.userId, taskId: { in: [...taskIds] } } });
  return new Map(rows.map((row) => [row.taskId, row]));
}
