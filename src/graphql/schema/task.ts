import { completeTask } from '../../tasks/complete-task.js';
import { createTask } from '../../tasks/create-task.js';
import { deleteTask } from '../../tasks/delete-task.js';
import { getTask } from '../../tasks/get-task.js';
import { reopenTask } from '../../tasks/reopen-task.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { updateTask } from '../../tasks/update-task.js';
import { callerTimeZone, describeTaskRecurrence } from '../../tasks/describe-task-recurrence.js';
import { invalidTask } from '../../errors.js';
import { createOnce, IDEMPOTENCY_KEY_ARG_DESCRIPTION } from '../create-once.js';
import { nextFireAt } from '../../reminders/list-reminder-schedules.js';
import { builder } from '../builder.js';
import { given } from '../given.js';
import { reminderScheduleLoader } from '../reminder-schedule-loader.js';
import { Reminder, ReminderOffset, reminderOffsetOf } from './reminder.js';

export const TaskPriority = builder.enumType('TaskPriority', {
  values: { LOW: { value: 'low' }, MEDIUM: { value: 'medium' }, HIGH: { value: 'high' } } as const,
});

export const TaskStatus = builder.enumType('TaskStatus', {
  values: { PENDING: { value: 'pending' }, COMPLETED: { value: 'completed' } } as const,
});

export const Task = builder.prismaObject('Task', {
  description: "One of the caller's tasks. `id` is the same integer id as in REST.",
  fields: (t) => ({
    id: t.id({ resolve: (task) => task.id.toString() }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    dueAt: t.expose('dueAt', { type: 'DateTime', nullable: true }),
    priority: t.field({ type: TaskPriority, resolve: (task) => task.priority as 'low' | 'medium' | 'high' }),
    status: t.field({ type: TaskStatus, resolve: (task) => task.status as 'pending' | 'completed' }),
    reminder: t.field({
      type: ReminderOffset,
      nullable: true,
      description: 'When to remind, relative to dueAt; null for no reminder.',
      resolve: (task) => reminderOffsetOf(task.remindBefore),
    }),
    nextReminderAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When the reminder is scheduled to fire next: dueAt minus the offset, or sooner if that had already passed when it was ' +
        'scheduled. Null when there is no reminder, or it has fired, was missed or was cancelled.',
      resolve: async (task, _args, ctx) => nextFireAt(await reminderScheduleLoader(ctx).load(task.id)),
    }),
    remindBefore: t.exposeInt('remindBefore', {
      nullable: true,
      description: 'The reminder as minutes before dueAt (0, 10, 30 or 60), as REST shows it; null for no reminder.',
    }),
    reminderSchedule: t.field({
      type: Reminder,
      nullable: true,
      description: "The reminder's schedule and its state, if the task has or had one.",
      resolve: (task, _args, ctx) => reminderScheduleLoader(ctx).load(task.id),
    }),
    recurrence: t.exposeString('recurrence', {
      nullable: true,
      description: 'How the task repeats: an RFC 5545 RRULE value (FREQ=WEEKLY;BYDAY=MO); dueAt is the current occurrence. Null: no repeat.',
    }),
    recurrenceText: t.string({
      nullable: true,
      description: "The repeat in English, at the due time in the caller's time zone: \"every week on Monday at 9:00\".",
      resolve: async (task, _args, ctx) =>
        task.recurrence === null || task.dueAt === null ? null : describeTaskRecurrence(task, await callerTimeZone(ctx.caller)),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    completedAt: t.expose('completedAt', { type: 'DateTime', nullable: true }),
  }),
});

const CreateTaskInput = builder.inputType('CreateTaskInput', {
  fields: (t) => ({
    title: t.string({ required: true, description: '1 to 500 characters after trimming' }),
    description: t.string({ description: 'At most 10 000 characters; default ""' }),
    dueAt: t.field({ type: 'DateTime' }),
    priority: t.field({ type: TaskPriority, description: 'Default LOW' }),
    reminder: t.field({ type: ReminderOffset, description: 'Needs dueAt; null or absent for no reminder' }),
    remindBefore: t.int({
      description: 'The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`',
      deprecationReason: 'Use `reminder`.',
    }),
    recurrence: t.string({
      description:
        'An RFC 5545 RRULE value (FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, ...); needs dueAt, the first occurrence: a dueAt the rule does not generate is moved to its first occurrence at or after it',
    }),
  }),
});

const UpdateTaskInput = builder.inputType('UpdateTaskInput', {
  description: 'Fields left out stay as they are; `dueAt: null` clears the due time (and the reminder).',
  fields: (t) => ({
    id: t.id({ required: true }),
    title: t.string(),
    description: t.string(),
    dueAt: t.field({ type: 'DateTime' }),
    priority: t.field({ type: TaskPriority }),
    reminder: t.field({ type: ReminderOffset, description: 'null clears the reminder; needs a dueAt (given or stored)' }),
    remindBefore: t.int({
      description: 'The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`',
      deprecationReason: 'Use `reminder`.',
    }),
    recurrence: t.string({
      description: 'An RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it.',
    }),
  }),
});

/**
 * The reminder offset in minutes (the enum's internal value), from `reminder` or the older `remindBefore`:
 * undefined when neither is given, null when one is given as null.
 */
function reminderMinutes(input: { reminder?: number | null; remindBefore?: number | null }): number | null | undefined {
  if (input.reminder !== undefined && input.remindBefore !== undefined) {
    throw invalidTask('give the reminder as either reminder or remindBefore, not both');
  }
  return input.reminder !== undefined ? input.reminder : input.remindBefore;
}

builder.queryField('task', (t) =>
  t.field({
    type: Task,
    nullable: true,
    description: "One of the caller's tasks by its id; NOT_FOUND for an unknown id or another user's task.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getTask(ctx.caller, parseTaskId(args.id)),
  }),
);

builder.mutationFields((t) => ({
  createTask: t.field({
    type: Task,
    nullable: true,
    args: {
      input: t.arg({ type: CreateTaskInput, required: true }),
      idempotencyKey: t.arg.string({ description: IDEMPOTENCY_KEY_ARG_DESCRIPTION }),
    },
    resolve: (_root, { input, idempotencyKey }, ctx) =>
      createOnce(ctx, idempotencyKey, {
        operation: 'createTask',
        input,
        create: () =>
          createTask(ctx.caller, {
            title: input.title,
            description: given(input.description),
            dueAt: input.dueAt,
            priority: given(input.priority),
            remindBefore: reminderMinutes(input),
            recurrence: input.recurrence,
          }),
        remember: (task) => ({ taskId: String(task.id) }),
        // A replay returns the task the first request created, as it is now.
        recall: (kept) => getTask(ctx.caller, BigInt((kept as { taskId: string }).taskId)),
      }),
  }),
  updateTask: t.field({
    type: Task,
    nullable: true,
    args: { input: t.arg({ type: UpdateTaskInput, required: true }) },
    resolve: async (_root, { input }, ctx) => {
      // Explicit nulls reach the service, which refuses them for fields that cannot be empty.
      const { task } = await updateTask(ctx.caller, parseTaskId(input.id), {
        title: input.title,
        description: input.description,
        dueAt: input.dueAt,
        priority: input.priority,
        remindBefore: reminderMinutes(input),
        recurrence: input.recurrence,
      });
      return task;
    },
  }),
  completeTask: t.field({
    type: Task,
    nullable: true,
    description:
      'Pending becomes completed; completing a completed task changes nothing. A repeating task records the occurrence and moves to the next one (completed for good after the last).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await completeTask(ctx.caller, parseTaskId(args.id))).task,
  }),
  reopenTask: t.field({
    type: Task,
    nullable: true,
    description: 'Completed becomes pending; reopening a pending task changes nothing.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => (await reopenTask(ctx.caller, parseTaskId(args.id))).task,
  }),
  deleteTask: t.field({
    type: Task,
    nullable: true,
    description: 'Deletes the task for good and returns its last state.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => deleteTask(ctx.caller, parseTaskId(args.id)),
  }),
}));
