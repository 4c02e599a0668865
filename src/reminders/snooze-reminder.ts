import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { requireTask } from '../lists/list-access.js';
import { parseInstant } from '../tasks/parse-instant.js';
import { leadingSchedule, type ReminderRecord } from './list-reminder-schedules.js';

export const SNOOZE_MIN_MINUTES = 5;
export const SNOOZE_MAX_MINUTES = 1440;
/** How far ahead `until` may be: a week (the app offers "this evening" and "tomorrow morning"). */
export const SNOOZE_UNTIL_MAX_DAYS = 7;

/** How long to snooze: `minutes` from now, or `until` an instant; exactly one. */
export interface SnoozeInput {
  minutes?: unknown;
  until?: unknown;
}

const invalid = (message: string) => new AppError('reminders/invalid', 400, message);

/** When the snoozed reminder fires, from exactly one of `minutes` and `until`. */
export function snoozeFireAt(input: SnoozeInput, now: Date): Date {
  const hasMinutes = input.minutes !== undefined && input.minutes !== null;
  const hasUntil = input.until !== undefined && input.until !== null;
  if (hasMinutes === hasUntil) throw invalid('give exactly one of minutes and until');
  if (hasMinutes) {
    const { minutes } = input;
    if (!Number.isInteger(minutes) || (minutes as number) < SNOOZE_MIN_MINUTES || (minutes as number) > SNOOZE_MAX_MINUTES) {
      throw invalid(`minutes must be an integer from ${SNOOZE_MIN_MINUTES} to ${SNOOZE_MAX_MINUTES}`);
    }
    return new Date(now.getTime() + (minutes as number) * 60_000);
  }
  const until = typeof input.until === 'string' ? parseInstant(input.until) : input.until instanceof Date ? input.until : undefined;
  if (!until) throw invalid('until must be a real RFC 3339 date-time with Z or an offset, e.g. 2026-11-22T18:00:00+01:00');
  if (until.getTime() <= now.getTime()) throw invalid('until must be in the future');
  if (until.getTime() > now.getTime() + SNOOZE_UNTIL_MAX_DAYS * 86_400_000) throw invalid(`until must be at most ${SNOOZE_UNTIL_MAX_DAYS} days ahead`);
  return until;
}

/**
 * Makes the task's reminder fire again later (`minutes` from now, or `until` an instant), without
 * touching the task: its dueAt and reminders stay, and the schedule records the snooze (`snoozedUntil`).
 * The snoozed schedule is the reminder that rang last (else the next to ring, else a new one); every
 * nag stops (the snoozed one rings once more, then no more). A stored schedule, so it survives restarts
 * and fires (exactly once, through the same sweep) like any reminder. A task without a due time gets
 * a reminder all the same. Completed tasks cannot be snoozed (409).
 */
export async function snoozeReminder(ctx: ServiceContext, taskId: bigint, input: SnoozeInput): Promise<ReminderRecord> {
  const now = ctx.clock.now();
  const fireAt = snoozeFireAt(input, now);
  const reminder = await ctx.db.$transaction(async (tx) => {
    const { task } = await requireTask(tx, ctx.userId, taskId, 'edit');
    if (task.status !== 'pending') throw new AppError('reminders/not_snoozable', 409, 'A completed task cannot be snoozed; reopen it first');
    const rows = await tx.reminder.findMany({ where: { taskId } });
    const rang = rows.filter((row) => row.firedAt !== null).sort((a, b) => b.firedAt!.getTime() - a.firedAt!.getTime())[0];
    const target = rang ?? leadingSchedule(rows);
    // A nag still ringing stops: the person has answered.
    await tx.reminder.updateMany({
      where: { taskId, state: 'scheduled', nagRung: { gt: 0 }, ...(target ? { id: { not: target.id } } : {}) },
      data: { state: 'fired', updatedAt: now },
    });
    const schedule = { state: 'scheduled', fireAt, snoozedUntil: fireAt, firedAt: null, lateMs: null, updatedAt: now };
    if (target) return tx.reminder.update({ where: { id: target.id }, data: { ...schedule, nagRung: target.nagTimes ?? 0 } });
    return tx.reminder.create({
      data: {
        taskId,
        slot: 0,
        kind: 'before',
        userId: task.userId,
        offsetMinutes: task.remindBefore ?? 0,
        // The schedule's dueAt is what a due-time change is compared with; without one, the snooze's own time.
        dueAt: task.dueAt ?? fireAt,
        ...schedule,
      },
    });
  });
  ctx.logger.info({ taskId: String(taskId), fireAt: fireAt.toISOString() }, 'reminder snoozed');
  return reminder;
}
