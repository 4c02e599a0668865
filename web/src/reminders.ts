import type { Reminder } from './api.js';

/** The reminder choices, in the order the form shows them (null: none). */
export const REMINDER_CHOICES: { value: Reminder | null; label: string }[] = [
  { value: null, label: 'None' },
  { value: 'AT_TIME', label: 'At time' },
  { value: 'MINUTES_10', label: '10 min before' },
  { value: 'MINUTES_30', label: '30 min before' },
  { value: 'HOUR_1', label: '1 hour before' },
];

const BY_MINUTES: Record<number, Reminder> = { 0: 'AT_TIME', 10: 'MINUTES_10', 30: 'MINUTES_30', 60: 'HOUR_1' };

export function reminderFromMinutes(minutes: number | null | undefined): Reminder | null {
  return minutes === null || minutes === undefined ? null : (BY_MINUTES[minutes] ?? null);
}

export function reminderLabel(reminder: Reminder | null): string {
  return REMINDER_CHOICES.find((choice) => choice.value === reminder)?.label ?? 'None';
}
