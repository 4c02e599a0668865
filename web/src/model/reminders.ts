/** A task's reminders as the forms and the queue show them, and as the service takes them. No DOM here. */
import type { Nag, TaskReminder } from '../api/types.js';
import { formatWhen } from './dates.js';

/** The service's limits (GraphQL ReminderInput, NagInput). */
export const MAX_REMINDERS = 5;
export const MAX_BEFORE_MINUTES = 40_320;
export const NAG_EVERY = { min: 5, max: 240 } as const;
export const NAG_TIMES = { min: 1, max: 12 } as const;
/** What "Remind until done" starts with. */
export const DEFAULT_NAG: Nag = { every: 15, times: 4 };

/** The seed's four quick choices, in minutes before the due time. */
export const QUICK_OFFSETS: readonly number[] = [0, 10, 30, 60];

export type BeforeUnit = 'minutes' | 'hours' | 'days';
export const UNIT_MINUTES: Record<BeforeUnit, number> = { minutes: 1, hours: 60, days: 1440 };

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "At time", "10 min before", "1 hour before", "2 days before", "1 h 30 min before". */
export function beforeLabel(minutes: number): string {
  if (minutes === 0) return 'At time';
  if (minutes % 1440 === 0) return `${plural(minutes / 1440, 'day', 'days')} before`;
  if (minutes % 60 === 0) return `${plural(minutes / 60, 'hour', 'hours')} before`;
  if (minutes < 60) return `${minutes} min before`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min before`;
}

/** One reminder in words: relative ("10 min before") or at an instant ("At Tomorrow, 9:00 AM"). */
export function reminderLabel(reminder: TaskReminder, now: Date, timeZone: string): string {
  if (typeof reminder.before === 'number') return beforeLabel(reminder.before);
  return reminder.at ? `At ${formatWhen(new Date(reminder.at), now, timeZone)}` : 'Reminder';
}

/** "until done: every 15 min, up to 4 times". */
export function nagLabel(nag: Nag): string {
  return `until done: every ${nag.every} min, up to ${plural(nag.times, 'time', 'times')}`;
}

/** Relative reminders need a due date; absolute ones do not. */
export function needsDate(reminder: TaskReminder): boolean {
  return typeof reminder.before === 'number';
}

/** Two reminders that would ring at the same moment are one. */
export function sameReminder(a: TaskReminder, b: TaskReminder): boolean {
  if (typeof a.before === 'number' || typeof b.before === 'number') return a.before === b.before;
  return !!a.at && !!b.at && Date.parse(a.at) === Date.parse(b.at);
}

/** Minutes before from a custom amount and unit; null when it is not a whole number within 0–40 320 minutes. */
export function customMinutes(amount: string, unit: BeforeUnit): number | null {
  if (!/^\d+$/.test(amount.trim())) return null;
  const minutes = Number(amount) * UNIT_MINUTES[unit];
  return minutes <= MAX_BEFORE_MINUTES ? minutes : null;
}

/** A nag as the service takes it, or null when either number is out of its range. */
export function validNag(every: number, times: number): Nag | null {
  const within = (value: number, range: { min: number; max: number }) => Number.isInteger(value) && value >= range.min && value <= range.max;
  return within(every, NAG_EVERY) && within(times, NAG_TIMES) ? { every, times } : null;
}

/** The list as GraphQL's ReminderInput takes it (exactly one of before and at; nag only when set). */
export function reminderInputs(reminders: readonly TaskReminder[]): TaskReminder[] {
  return reminders.map((reminder) => ({
    ...(typeof reminder.before === 'number' ? { before: reminder.before } : { at: reminder.at }),
    ...(reminder.nag ? { nag: { every: reminder.nag.every, times: reminder.nag.times } } : {}),
  }));
}

/** What capture suggested: every reminder the text asked for (older services: only remindBefore). */
export function remindersOfDraft(draft: { reminders?: TaskReminder[] | null; remindBefore: number | null }): TaskReminder[] {
  if (draft.reminders) return reminderInputs(draft.reminders).slice(0, MAX_REMINDERS);
  return draft.remindBefore === null ? [] : [{ before: draft.remindBefore }];
}

/** The queue row's few words: the first reminder, and how many more. */
export function remindersSummary(reminders: readonly TaskReminder[], now: Date, timeZone: string): string | null {
  const [first] = reminders;
  if (!first) return null;
  const more = reminders.length - 1;
  return more > 0 ? `${reminderLabel(first, now, timeZone)} +${more}` : reminderLabel(first, now, timeZone);
}
