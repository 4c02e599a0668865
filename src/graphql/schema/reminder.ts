import { builder } from '../builder.js';

const ReminderState = builder.enumType('ReminderState', {
  values: {
    SCHEDULED: { value: 'scheduled' },
    FIRED: { value: 'fired' },
    MISSED: { value: 'missed' },
    CANCELLED: { value: 'cancelled' },
  } as const,
});

builder.prismaObject('Reminder', {
  description: "A task's reminder schedule.",
  fields: (t) => ({
    offsetMinutes: t.exposeInt('offsetMinutes'),
    fireAt: t.expose('fireAt', { type: 'DateTime', description: 'When it fires (or fired): dueAt minus the offset' }),
    state: t.field({ type: ReminderState, resolve: (reminder) => reminder.state as 'scheduled' | 'fired' | 'missed' | 'cancelled' }),
    firedAt: t.expose('firedAt', { type: 'DateTime', nullable: true }),
  }),
});
