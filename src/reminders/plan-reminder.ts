import { isRelative, reminderSpecsOf, type ReminderSpec } from './reminder-specs.js';

export interface ReminderInputs {
  status: string;
  dueAt: Date | null;
  remindBefore: number | null;
  reminderSpecs: string | null;
}

export interface ReminderPlan {
  /** Its place in the task's reminders list. */
  slot: number;
  kind: 'before' | 'at';
  /** Minutes before dueAt (0 for an `at` reminder). */
  offsetMinutes: number;
  /** What it is for: the task's dueAt, or an `at` reminder's instant. */
  dueAt: Date;
  /** When it should fire: dueAt - offset, or now if that moment has passed but dueAt has not. */
  fireAt: Date;
  nagEvery: number | null;
  nagTimes: number | null;
}

/**
 * What one reminder of a task should be now: none for a completed task, a relative reminder of a task
 * without a due time, or a time already past; otherwise its time, brought forward to now when a relative
 * reminder's moment is past but the task is still ahead (the reminder is still useful).
 */
export function planSlot(task: Pick<ReminderInputs, 'status' | 'dueAt'>, spec: ReminderSpec, slot: number, now: Date): ReminderPlan | null {
  if (task.status !== 'pending') return null;
  const nag = { nagEvery: spec.nag?.every ?? null, nagTimes: spec.nag?.times ?? null };
  if (!isRelative(spec)) {
    if (spec.at.getTime() <= now.getTime()) return null;
    return { slot, kind: 'at', offsetMinutes: 0, dueAt: spec.at, fireAt: spec.at, ...nag };
  }
  if (task.dueAt === null || task.dueAt.getTime() <= now.getTime()) return null;
  const planned = task.dueAt.getTime() - spec.before * 60_000;
  return { slot, kind: 'before', offsetMinutes: spec.before, dueAt: task.dueAt, fireAt: new Date(Math.max(planned, now.getTime())), ...nag };
}

/** Every reminder of a task as it should be now, by slot (null: that one is not to fire). */
export function planReminders(task: ReminderInputs, now: Date): Array<ReminderPlan | null> {
  return reminderSpecsOf(task).map((spec, slot) => planSlot(task, spec, slot, now));
}
