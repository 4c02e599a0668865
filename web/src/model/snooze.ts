/**
 * Snoozing, two ways. No DOM here. A queue row's "Snooze" moves the task a day later than the later of
 * its day and today, at its own time; the presets (10 min, 1 hour, this evening, tomorrow morning) make
 * its reminder ring again then, the due time unchanged.
 */
import { addDays, instantOf, localDay, localTime } from './dates.js';

/** An undated task is snoozed to tomorrow at this time (the time a date without one gets). */
const UNDATED_TIME = '09:00';

export function snoozedDue(dueAt: string | null, now: Date, timeZone: string): string {
  const today = localDay(now, timeZone);
  if (!dueAt) return instantOf(addDays(today, 1), UNDATED_TIME, timeZone);
  const due = new Date(dueAt);
  const day = localDay(due, timeZone);
  return instantOf(addDays(day > today ? day : today, 1), localTime(due, timeZone), timeZone);
}

/** A snooze of a task's reminder (GraphQL snoozeReminder): `minutes` from now, or `until` an instant. */
export type SnoozeFor = { minutes: number } | { until: string };

export type SnoozePresetId = 'minutes-10' | 'hour-1' | 'evening' | 'morning';

export interface SnoozePreset {
  id: SnoozePresetId;
  /** Drawn on the button ("1 hour"). */
  short: string;
  /** The accessible name and the notification action's title ("Snooze 1 hour"). */
  label: string;
}

/** The wall-clock times "this evening" and "tomorrow morning" mean. */
export const EVENING = '18:00';
export const MORNING = '09:00';

export const SNOOZE_PRESETS: readonly SnoozePreset[] = [
  { id: 'minutes-10', short: '10 min', label: 'Snooze 10 min' },
  { id: 'hour-1', short: '1 hour', label: 'Snooze 1 hour' },
  { id: 'evening', short: 'This evening', label: 'Snooze until this evening' },
  { id: 'morning', short: 'Tomorrow morning', label: 'Snooze until tomorrow morning' },
];

/**
 * What a preset means now, in the person's zone: 10 min, 1 hour, 18:00 today, 09:00 tomorrow. Null for
 * "this evening" once 18:00 has passed (the service takes only a future instant).
 */
export function snoozeFor(id: SnoozePresetId, now: Date, timeZone: string): SnoozeFor | null {
  if (id === 'minutes-10') return { minutes: 10 };
  if (id === 'hour-1') return { minutes: 60 };
  const today = localDay(now, timeZone);
  const until = id === 'evening' ? instantOf(today, EVENING, timeZone) : instantOf(addDays(today, 1), MORNING, timeZone);
  return Date.parse(until) > now.getTime() ? { until } : null;
}
