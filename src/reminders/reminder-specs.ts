import { invalidTask } from '../errors.js';
import { parseInstant } from '../tasks/parse-instant.js';

export const MAX_REMINDERS = 5;
export const MAX_BEFORE_MINUTES = 40_320;
export const NAG_EVERY_MIN = 5;
export const NAG_EVERY_MAX = 240;
export const NAG_TIMES_MIN = 1;
export const NAG_TIMES_MAX = 12;

/** Rings again every `every` minutes, at most `times` more times, until the task is done or snoozed. */
export interface Nag {
  every: number;
  times: number;
}

/** One of a task's reminders: `before` minutes before its dueAt, or `at` an instant (no due time needed). */
export type ReminderSpec = { before: number; nag?: Nag } | { at: Date; nag?: Nag };

/** A reminder as REST, GraphQL and the stored JSON show it. */
export type ReminderSpecView = { before: number; nag?: Nag } | { at: string; nag?: Nag };

export const isRelative = (spec: ReminderSpec): spec is { before: number; nag?: Nag } => 'before' in spec;

/**
 * A task's reminders list: the stored list, or (tasks written before lists existed, and writers that
 * only know remindBefore) just its remindBefore.
 */
export function reminderSpecsOf(task: { reminderSpecs: string | null; remindBefore: number | null }): ReminderSpec[] {
  if (task.reminderSpecs === null) return task.remindBefore === null ? [] : [{ before: task.remindBefore }];
  return (JSON.parse(task.reminderSpecs) as ReminderSpecView[]).map((view) => ('at' in view ? { ...view, at: new Date(view.at) } : view));
}

export function viewOfSpec(spec: ReminderSpec): ReminderSpecView {
  const nag = spec.nag ? { nag: { every: spec.nag.every, times: spec.nag.times } } : {};
  return isRelative(spec) ? { before: spec.before, ...nag } : { at: spec.at.toISOString(), ...nag };
}

export function reminderSpecViews(task: { reminderSpecs: string | null; remindBefore: number | null }): ReminderSpecView[] {
  return reminderSpecsOf(task).map(viewOfSpec);
}

/** The two task columns that hold a reminders list: the JSON and remindBefore, its first relative reminder. */
export function reminderColumns(specs: readonly ReminderSpec[]): { reminderSpecs: string | null; remindBefore: number | null } {
  const first = specs.find(isRelative);
  // A list that remindBefore says on its own is stored as it always was (null), so setting it again changes nothing.
  const justRemindBefore = specs.length === 0 || (specs.length === 1 && first !== undefined && !first.nag);
  return { reminderSpecs: justRemindBefore ? null : JSON.stringify(specs.map(viewOfSpec)), remindBefore: first?.before ?? null };
}

/**
 * The reminders after a change: the list given, or remindBefore (which replaces the relative reminders;
 * the absolute ones stay), or, when the due time is cleared, the absolute ones alone. Undefined: unchanged.
 */
export function changedReminderSpecs(
  input: { reminders?: unknown; remindBefore?: unknown },
  current: { reminderSpecs: string | null; remindBefore: number | null },
  dueAt: Date | null,
  validateRemindBefore: (raw: unknown, dueAt: Date | null) => number | null,
): ReminderSpec[] | undefined {
  if (input.reminders !== undefined && input.remindBefore !== undefined) {
    throw invalidTask('give the reminders either as reminders or as remindBefore (reminder), not both');
  }
  if (input.reminders !== undefined) return validateReminderSpecs(input.reminders, dueAt);
  const absolute = reminderSpecsOf(current).filter((spec) => !isRelative(spec));
  if (input.remindBefore !== undefined) {
    const before = validateRemindBefore(input.remindBefore, dueAt);
    return [...(before === null ? [] : [{ before }]), ...absolute];
  }
  if (dueAt === null && reminderSpecsOf(current).some(isRelative)) return absolute;
  return undefined;
}

const isInteger = (value: unknown, min: number, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

function validateNag(raw: unknown, at: string): Nag | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidTask(`${at}.nag must be an object {"every", "times"}`);
  const { every, times, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw invalidTask(`${at}.nag takes only every and times`);
  if (!isInteger(every, NAG_EVERY_MIN, NAG_EVERY_MAX)) throw invalidTask(`${at}.nag.every must be an integer from ${NAG_EVERY_MIN} to ${NAG_EVERY_MAX} (minutes)`);
  if (!isInteger(times, NAG_TIMES_MIN, NAG_TIMES_MAX)) throw invalidTask(`${at}.nag.times must be an integer from ${NAG_TIMES_MIN} to ${NAG_TIMES_MAX}`);
  return { every, times };
}

function validateSpec(raw: unknown, index: number, dueAt: Date | null): ReminderSpec {
  const at = `reminders[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalidTask(`${at} must be {"before": <minutes>} or {"at": "<RFC 3339>"}`);
  const { before, at: instant, nag: rawNag, ...rest } = raw as Record<string, unknown>;
  if (Object.keys(rest).length > 0) throw invalidTask(`${at} takes only before or at, and nag`);
  const nag = validateNag(rawNag, at);
  const withNag = nag ? { nag } : {};
  if ((before === undefined || before === null) === (instant === undefined || instant === null)) {
    throw invalidTask(`${at} must have exactly one of before and at`);
  }
  if (before !== undefined && before !== null) {
    if (!isInteger(before, 0, MAX_BEFORE_MINUTES)) throw invalidTask(`${at}.before must be an integer from 0 to ${MAX_BEFORE_MINUTES} (minutes)`);
    if (dueAt === null) throw invalidTask(`${at}.before needs a dueAt: a relative reminder is relative to the due time`);
    return { before, ...withNag };
  }
  const when = typeof instant === 'string' ? parseInstant(instant) : undefined;
  if (!when) throw invalidTask(`${at}.at must be a real RFC 3339 date-time with Z or an offset, e.g. 2026-11-22T09:30:00Z`);
  return { at: when, ...withNag };
}

/** Validates a reminders list (null or [] for none) against the task's due time. */
export function validateReminderSpecs(raw: unknown, dueAt: Date | null): ReminderSpec[] {
  if (raw === null) return [];
  if (!Array.isArray(raw)) throw invalidTask('reminders must be a list of {"before": <minutes>} or {"at": "<RFC 3339>"}');
  if (raw.length > MAX_REMINDERS) throw invalidTask(`a task carries at most ${MAX_REMINDERS} reminders`);
  return raw.map((spec, index) => validateSpec(spec, index, dueAt));
}
