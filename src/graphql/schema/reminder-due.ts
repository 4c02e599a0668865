import type { ReminderFiring, TaskEvent } from '../../events/task-event.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { builder } from '../builder.js';
import { AFTER_DESCRIPTION, followCallerEvents } from '../follow-caller-events.js';
import { taskOfEvent } from '../task-of-event.js';
import { ReminderOffset, reminderOffsetOf } from './reminder.js';
import { Task } from './task.js';

type ReminderDueEvent = TaskEvent & { type: 'reminder.due'; reminder: ReminderFiring };

interface ReminderDueShape {
  event: ReminderDueEvent;
  task: TaskRecord;
}

const ReminderDue = builder.objectRef<ReminderDueShape>('ReminderDue').implement({
  description: "One of the caller's reminders firing (the `reminder.due` event), on whichever instance fired it.",
  fields: (t) => ({
    id: t.id({ description: 'The event id (UUIDv7, ordered by time)', resolve: ({ event }) => event.id }),
    occurredAt: t.field({ type: 'DateTime', resolve: ({ event }) => new Date(event.occurredAt) }),
    task: t.field({ type: Task, description: 'The task as it was when the reminder fired', resolve: ({ task }) => task }),
    offset: t.field({
      type: ReminderOffset,
      nullable: true,
      description: 'The offset as a quick choice; null for an AT reminder or an offset that is not one (offsetMinutes)',
      resolve: ({ event }) => (event.reminder.kind === 'at' ? null : reminderOffsetOf(event.reminder.offsetMinutes)),
    }),
    offsetMinutes: t.int({ description: 'Minutes before dueAt (0 for an AT reminder)', resolve: ({ event }) => event.reminder.offsetMinutes }),
    slot: t.int({ description: "Which of the task's reminders (its place in Task.reminders)", resolve: ({ event }) => event.reminder.slot ?? 0 }),
    ring: t.int({ description: '0 for its first ring; n for the nth ring again of a nagging reminder', resolve: ({ event }) => event.reminder.ring ?? 0 }),
    plannedAt: t.field({
      type: 'DateTime',
      description: 'When it was planned to fire: dueAt minus the offset, or when it was scheduled if that had passed',
      resolve: ({ event }) => new Date(event.reminder.plannedAt),
    }),
    firedAt: t.field({ type: 'DateTime', resolve: ({ event }) => new Date(event.reminder.firedAt) }),
    lateSeconds: t.float({ description: 'How long after plannedAt it fired', resolve: ({ event }) => event.reminder.lateSeconds }),
    late: t.boolean({
      description: 'Fired noticeably after plannedAt (e.g. missed while the service was down)',
      resolve: ({ event }) => event.reminder.late,
    }),
  }),
});

builder.subscriptionField('reminderDue', (t) =>
  t.field({
    type: ReminderDue,
    description: "Every reminder of the caller's that fires from now on (or after `after`), in order, each once.",
    args: { after: t.arg.id({ description: AFTER_DESCRIPTION }) },
    subscribe: (_root, args, ctx) => followCallerEvents<ReminderDueEvent>(ctx, ['reminder.due'], args.after),
    resolve: (event: ReminderDueEvent) => ({ event, task: taskOfEvent(event) }),
  }),
);
