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
import { leadingSchedule, nextFireAt } from '../../reminders/list-reminder-schedules.js';
import { reminderSpecViews } from '../../reminders/reminder-specs.js';
import { builder } from '../builder.js';
import { given } from '../given.js';
import { reminderScheduleLoader } from '../reminder-schedule-loader.js';
import { Reminder, ReminderOffset, reminderOffsetOf, ReminderInput, reminderInputs, TaskReminder } from './reminder.js';
import { List, listViewLoader, Person, personLoader } from './list.js';
import { readLabels, readTaskLabels } from '../../tasks/task-labels.js';
import { batchLoader } from '../batch-loader.js';
import type { Priority } from '../../tasks/task-view.js';

export const TaskPriority = builder.enumType('TaskPriority', {
  values: { LOW: { value: 'low' }, MEDIUM: { value: 'medium' }, HIGH: { value: 'high' }, URGENT: { value: 'urgent' } } as const,
});

/** A page's labels in one read; a task that carries its own (a mutation's answer, an event's task) needs none. */
const labelsLoader = batchLoader<bigint, string[]>((ctx, taskIds) => readLabels(ctx.caller.db, taskIds));

const labelsOf = (task: object): string[] | undefined => ('labels' in task && Array.isArray(task.labels) ? (task.labels as string[]) : undefined);

/** A list id as a client sends it (a GraphQL ID): the decimal digits of a positive int64. */
const parseListId = (raw: string | null | undefined): bigint | null | undefined =>
  raw === undefined || raw === null ? raw : parseTaskId(raw, 'listId');

export const TaskStatus = builder.enumType('TaskStatus', {
  values: { PENDING: { value: 'pending' }, COMPLETED: { value: 'completed' } } as const,
});

export const Task = builder.prismaObject('Task', {
  description: "A task of one of the caller's lists. `id` is the same integer id as in REST.",
  fields: (t) => ({
    id: t.id({ resolve: (task) => task.id.toString() }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    dueAt: t.expose('dueAt', { type: 'DateTime', nullable: true }),
    priority: t.field({ type: TaskPriority, resolve: (task) => task.priority as Priority }),
    listId: t.id({ description: 'The list the task is in', resolve: (task) => task.listId.toString() }),
    list: t.field({
      type: List,
      nullable: true,
      description: 'The list the task is in; null when the caller is no longer a member of it (a change they heard of before leaving)',
      resolve: (task, _args, ctx) => listViewLoader(ctx).load(task.listId),
    }),
    labels: t.stringList({
      description: 'Its labels, in the order first written',
      resolve: async (task, _args, ctx) => labelsOf(task) ?? (await labelsLoader(ctx).load(task.id)) ?? [],
    }),
    assignee: t.field({
      type: Person,
      nullable: true,
      description: 'The member of its list the task is assigned to; null for nobody',
      resolve: (task, _args, ctx) => (task.assigneeId === null ? null : personLoader(ctx).load(task.assigneeId)),
    }),
    createdBy: t.field({
      type: Person,
      description: 'Who created the task',
      resolve: async (task, _args, ctx) => (await personLoader(ctx).load(task.userId)) ?? { id: task.userId, displayName: task.userId },
    }),
    status: t.field({ type: TaskStatus, resolve: (task) => task.status as 'pending' | 'completed' }),
    reminder: t.field({
      type: ReminderOffset,
      nullable: true,
      description:
        'The first relative reminder, relative to dueAt; null for none, or when its offset is not one of the quick choices (`reminders` has every reminder).',
      resolve: (task) => reminderOffsetOf(task.remindBefore),
    }),
    reminders: t.field({
      type: [TaskReminder],
      // Read from the task's own row, like labels: its at most 5 plain entries cost what a scalar list
      // does, not 10 of a loaded list each (the app's queue of 200 tasks reads them on every row).
      complexity: { field: 1, multiplier: 1 },
      description: 'Every reminder of the task, in order (at most 5): minutes before dueAt, or an instant; each may nag.',
      resolve: (task) => reminderSpecViews(task),
    }),
    nextReminderAt: t.field({
      type: 'DateTime',
      nullable: true,
      description:
        'When one of its reminders is scheduled to fire next (the soonest): dueAt minus the offset, an instant, a snooze or a nag, or sooner if ' +
        'that had already passed when it was scheduled. Null when none is scheduled.',
      resolve: async (task, _args, ctx) => nextFireAt(leadingSchedule(await reminderScheduleLoader(ctx).load(task.id))),
    }),
    remindBefore: t.exposeInt('remindBefore', {
      nullable: true,
      description: 'The first relative reminder as minutes before dueAt, as REST shows it; null for none.',
    }),
    reminderSchedule: t.field({
      type: Reminder,
      nullable: true,
      description: "The schedule that stands for the task's reminders (the next to fire, else the last fired), if it has or had one.",
      resolve: async (task, _args, ctx) => leadingSchedule(await reminderScheduleLoader(ctx).load(task.id)),
    }),
    reminderSchedules: t.field({
      type: [Reminder],
      description: 'The schedule of each reminder slot, in slot order.',
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
    reminders: t.field({
      type: [ReminderInput],
      description: 'Up to 5 reminders: each exactly one of `before` (needs dueAt) or `at`; not together with `reminder`/`remindBefore`',
    }),
    recurrence: t.string({
      description:
        'An RFC 5545 RRULE value (FREQ=DAILY|WEEKLY|MONTHLY|YEARLY, ...); needs dueAt, the first occurrence: a dueAt the rule does not generate is moved to its first occurrence at or after it',
    }),
    listId: t.id({ description: "The list to create it in (one the caller may add to); absent or null: the caller's Inbox" }),
    labels: t.stringList({ description: 'At most 20, each 1 to 40 characters, without #, @ or commas' }),
    assigneeId: t.id({ description: 'A member of the list to assign it to, or null' }),
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
    reminder: t.field({
      type: ReminderOffset,
      description: 'Replaces the relative reminders with this one (absolute ones stay); null removes them; needs a dueAt (given or stored)',
    }),
    remindBefore: t.int({
      description: 'The reminder in minutes (0, 10, 30 or 60), as REST takes it; not together with `reminder`',
      deprecationReason: 'Use `reminder`.',
    }),
    reminders: t.field({
      type: [ReminderInput],
      description: 'Replaces every reminder (up to 5); null or [] removes them all; not together with `reminder`/`remindBefore`',
    }),
    recurrence: t.string({
      description: 'An RRULE value; null stops the repeat. A changed dueAt restarts the series there; a changed dueAt or rule moves dueAt to the first occurrence at or after it.',
    }),
    listId: t.id({ description: 'Moves the task to this list (the caller must be an editor or owner of both lists)' }),
    labels: t.stringList({ description: 'Replaces the labels; null or [] removes them all' }),
    assigneeId: t.id({ description: "A member of the task's list, or null for nobody" }),
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
    description: "A task of one of the caller's lists by its id; NOT_FOUND for an unknown id or any other task.",
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
            reminders: reminderInputs(input.reminders),
            recurrence: input.recurrence,
            listId: parseListId(input.listId),
            labels: input.labels,
            assigneeId: input.assigneeId,
          }),
        remember: (task) => ({ taskId: String(task.id) }),
        // A replay returns the task the first request created, as it is now.
        recall: async (kept) => {
          const task = await getTask(ctx.caller, BigInt((kept as { taskId: string }).taskId));
          return { ...task, labels: await readTaskLabels(ctx.caller.db, task.id) };
        },
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
        reminders: reminderInputs(input.reminders),
        recurrence: input.recurrence,
        listId: input.listId === null ? null : parseListId(input.listId),
        labels: input.labels,
        assigneeId: input.assigneeId,
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
