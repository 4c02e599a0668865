import type { ReminderOffsetMinutes } from '../../reminders/reminder-offset.js';
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

/** A stored offset in minutes as the enum's internal value (the column only ever holds 0, 10, 30 or 60). */
export const reminderOffsetOf = (minutes: number | null): ReminderOffsetMinutes | null => minutes as ReminderOffsetMinutes | null;

const ReminderState = builder.enumType('ReminderState', {
  values: {
    SCHEDULED: { value: 'scheduled' },
    FIRED: { value: 'fired' },
    MISSED: { value: 'missed' },
    CANCELLED: { value: 'cancelled' },
  } as const,
});

export const Reminder = builder.prismaObject('Reminder', {
  description: "A task's reminder schedule.",
  fields: (t) => ({
    offset: t.field({ type: ReminderOffset, resolve: (reminder) => reminderOffsetOf(reminder.offsetMinutes)! }),
    offsetMinutes: t.exposeInt('offsetMinutes'),
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
