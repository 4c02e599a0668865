import { TASK_EVENT_TYPES, type OccurrenceCompletion, type TaskEvent, type TaskEventType } from '../../events/task-event.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { builder } from '../builder.js';
import { AFTER_DESCRIPTION, followCallerEvents } from '../follow-caller-events.js';
import { taskOfEvent } from '../task-of-event.js';
import { Task } from './task.js';
import { Person, personLoader } from './list.js';

const TaskChangeType = builder.enumType('TaskChangeType', {
  values: {
    CREATED: { value: 'task.created' },
    UPDATED: { value: 'task.updated' },
    COMPLETED: { value: 'task.completed' },
    OCCURRENCE_COMPLETED: { value: 'task.occurrence_completed' },
    REOPENED: { value: 'task.reopened' },
    DELETED: { value: 'task.deleted' },
  } as const satisfies Record<string, { value: TaskEventType }>,
});

interface TaskChangeShape {
  event: TaskEvent & { type: TaskEventType };
  task: TaskRecord;
}

const OccurrenceCompleted = builder.objectRef<OccurrenceCompletion>('OccurrenceCompleted').implement({
  description: 'One completed occurrence of a repeating task and where the task moved.',
  fields: (t) => ({
    dueAt: t.field({ type: 'DateTime', description: 'The occurrence that was completed', resolve: (o) => new Date(o.dueAt) }),
    completedAt: t.field({ type: 'DateTime', resolve: (o) => new Date(o.completedAt) }),
    nextDueAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'The next occurrence, now the task\'s dueAt; null when the rule ended and the task completed for good',
      resolve: (o) => (o.nextDueAt === null ? null : new Date(o.nextDueAt)),
    }),
  }),
});

const TaskChange = builder.objectRef<TaskChangeShape>('TaskChange').implement({
  description: "A change to a task of one of the caller's lists, made by any member through any interface on any instance.",
  fields: (t) => ({
    id: t.id({ description: 'The event id (UUIDv7, ordered by time)', resolve: ({ event }) => event.id }),
    type: t.field({ type: TaskChangeType, resolve: ({ event }) => event.type }),
    occurredAt: t.field({ type: 'DateTime', resolve: ({ event }) => new Date(event.occurredAt) }),
    actor: t.field({
      type: Person,
      nullable: true,
      description: 'Who made the change (any member of the list, through any interface); null for changes recorded before lists existed',
      resolve: ({ event }, _args, ctx) => (event.actor ? personLoader(ctx).load(event.actor) : null),
    }),
    via: t.string({
      nullable: true,
      description: 'The transport the change came through when it is named: "caldav" for a calendar app (CalDAV); null for REST, GraphQL, the service and older changes',
      resolve: ({ event }) => event.via ?? null,
    }),
    task: t.field({
      type: Task,
      description:
        'The task as this change left it. For DELETED the task no longer exists: createdAt and completedAt are then the time of the change.',
      resolve: ({ task }) => task,
    }),
    occurrence: t.field({
      type: OccurrenceCompleted,
      nullable: true,
      description: 'For OCCURRENCE_COMPLETED, and COMPLETED of a repeating task\'s last occurrence: the occurrence done.',
      resolve: ({ event }) => event.occurrence ?? null,
    }),
  }),
});

builder.subscriptionField('taskChanged', (t) =>
  t.field({
    type: TaskChange,
    description:
      "Every change to the tasks of the caller's lists from now on (or after `after`): created, updated, completed (or one occurrence of a repeating task completed), reopened, deleted; in the order they were committed, each once.",
    args: { after: t.arg.id({ description: AFTER_DESCRIPTION }) },
    subscribe: (_root, args, ctx) => followCallerEvents<TaskEvent & { type: TaskEventType }>(ctx, TASK_EVENT_TYPES, args.after),
    resolve: (event: TaskEvent & { type: TaskEventType }) => ({ event, task: taskOfEvent(event) }),
  }),
);
