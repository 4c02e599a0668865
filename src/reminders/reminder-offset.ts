import { invalidTask } from '../errors.js';

/** The offsets the client offers: at the time, 10 minutes, 30 minutes, 1 hour before. */
export const REMINDER_OFFSETS = [0, 10, 30, 60] as const;
export type ReminderOffsetMinutes = (typeof REMINDER_OFFSETS)[number];

export function isReminderOffset(value: unknown): value is ReminderOffsetMinutes {
  return REMINDER_OFFSETS.includes(value as ReminderOffsetMinutes);
}

/** Validates `remindBefore` (undefined = not given, null = no reminder) against the task's due time. */
export function validateRemindBefore(raw: unknown, dueAt: Date | null): ReminderOffsetMinutes | null {
  if (raw === undefined || raw === null) return null;
  if (!isReminderOffset(raw)) throw invalidTask('remindBefore must be one of 0, 10, 30, 60 (minutes) or null');
  if (dueAt === null) throw invalidTask('remindBefore needs a dueAt: a reminder is relative to the due time');
  return raw;
}
