import {
  MAX_BEFORE_MINUTES,
  NAG_EVERY_MAX,
  NAG_EVERY_MIN,
  NAG_TIMES_MAX,
  NAG_TIMES_MIN,
  type Nag,
  type ReminderSpecView,
} from '../../reminders/reminder-specs.js';
import { isReminderOffset, type ReminderOffsetMinutes } from '../../reminders/reminder-offset.js';
import { builder } from '../builder.js';

/**
 * The one place GraphQL's ReminderOffset names meet the offsets in minutes the services use: each
 * enum value's internal value is its minutes, so resolvers pass minutes in and out unchanged.
 */
const REMINDER_OFFSET_VALUES = {
  AT_TIME: { value: 0, description: 'At the due time' },
  MINUTES_10: { value: 10, description: '10 minutes before the due time' },
  MINUTES_30: { value: 30, description: '30 minutes before the due time' },
  HOUR_1: { value: 60, description: '1 hour before the due time' },
} as const satisfies Record<string, { value: ReminderOffsetMinutes; description: string }>;

// Fails to compile if the services gain an offset this enum does not name.
type NamedOffset = (typeof REMINDER_OFFSET_VALUES)[keyof typeof REMINDER_OFFSET_VALUES]['value'];
const everyOffsetNamed: [ReminderOffsetMinutes] extends [NamedOffset] ? true : never = true;
void everyOffsetNamed;

export const ReminderOffset = builder.enumType('ReminderOffset', {
  description: 'When a reminder fires, relative to the task\'s due time (REST: `remindBefore` in minutes, 0/10/30/60).',
  values: REMINDER_OFFSET_VALUES,
});

/** An offset in minutes as the enum's value: null when it is not one of the quick choices (the reminders list says it). */
export const reminderOffsetOf = (minutes: number | null): ReminderOffsetMinutes | null => (isReminderOffset(minutes) ? minutes : null);

const ReminderKind = builder.enumType('ReminderKind', {
  values: {
    BEFORE: { value: 'before', description: "Relative to the task's due time" },
    AT: { value: 'at', description: 'At an instant' },
  } as const,
});

const ReminderState = builder.enumType('ReminderState', {
  values: {
    SCHEDULED: { value: 'scheduled' },
    FIRED: { value: 'fired' },
    MISSED: { value: 'missed' },
    CANCELLED: { value: 'cancelled' },
  } as const,
});

export const Reminder = builder.prismaObject('Reminder', {
  description: "The schedule of one of a task's reminders.",
  fields: (t) => ({
    slot: t.exposeInt('slot', { description: "Its place in the task's reminders list" }),
    kind: t.field({ type: ReminderKind, resolve: (reminder) => reminder.kind as 'before' | 'at' }),
    offset: t.field({
      type: ReminderOffset,
      nullable: true,
      description: 'The offset as a quick choice; null for an AT reminder or an offset that is not one (see offsetMinutes)',
      resolve: (reminder) => (reminder.kind === 'at' ? null : reminderOffsetOf(reminder.offsetMinutes)),
    }),
    offsetMinutes: t.exposeInt('offsetMinutes', { description: 'Minutes before dueAt (0 for an AT reminder)' }),
    nagRung: t.exposeInt('nagRung', { description: 'How many times it has rung again (nag) since it first fired' }),
    fireAt: t.expose('fireAt', { type: 'DateTime', description: 'When it fires (or fired): dueAt minus the offset' }),
    state: t.field({ type: ReminderState, resolve: (reminder) => reminder.state as 'scheduled' | 'fired' | 'missed' | 'cancelled' }),
    firedAt: t.expose('firedAt', { type: 'DateTime', nullable: true }),
    snoozedUntil: t.expose('snoozedUntil', {
      type: 'DateTime',
      nullable: true,
      description: 'Set while the schedule is a snooze: fireAt was moved here (dueAt unchanged); null otherwise',
    }),
  }),
});

const Nag = builder.objectRef<Nag>('Nag').implement({
  description: 'Rings again every `every` minutes, at most `times` more times, until the task is completed or snoozed.',
  fields: (t) => ({ every: t.exposeInt('every'), times: t.exposeInt('times') }),
});

export const TaskReminder = builder.objectRef<ReminderSpecView>('TaskReminder').implement({
  description: "One of a task's reminders: `before` minutes before its dueAt, or `at` an instant (exactly one is set).",
  fields: (t) => ({
    before: t.int({ nullable: true, resolve: (spec) => ('before' in spec ? spec.before : null) }),
    at: t.field({ type: 'DateTime', nullable: true, resolve: (spec) => ('at' in spec ? new Date(spec.at) : null) }),
    nag: t.field({ type: Nag, nullable: true, resolve: (spec) => spec.nag ?? null }),
  }),
});

const NagInput = builder.inputType('NagInput', {
  fields: (t) => ({
    every: t.int({ required: true, description: `Minutes between rings, ${NAG_EVERY_MIN} to ${NAG_EVERY_MAX}` }),
    times: t.int({ required: true, description: `How many more rings at most, ${NAG_TIMES_MIN} to ${NAG_TIMES_MAX}` }),
  }),
});

export const ReminderInput = builder.inputType('ReminderInput', {
  description: 'Exactly one of `before` and `at`.',
  fields: (t) => ({
    before: t.int({ description: `Minutes before dueAt, 0 to ${MAX_BEFORE_MINUTES}; needs a dueAt` }),
    at: t.field({ type: 'DateTime', description: 'An instant; needs no dueAt' }),
    nag: t.field({ type: NagInput, description: 'Ring again until done' }),
  }),
});

/** GraphQL's reminders input as the services take it (the REST shape): absent stays undefined, null and empty fields drop. */
export function reminderInputs(
  input: ReadonlyArray<{ before?: number | null; at?: string | null; nag?: Nag | null }> | null | undefined,
): unknown[] | null | undefined {
  if (input === undefined || input === null) return input;
  return input.map(({ before, at, nag }) => ({
    ...(before !== undefined && before !== null ? { before } : {}),
    ...(at !== undefined && at !== null ? { at } : {}),
    ...(nag ? { nag } : {}),
  }));
}
