import { TASK_EVENT_TYPES, type TaskEvent, type TaskEventType } from '../../events/task-event.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
import { taskOfEvent } from '../task-of-event.js';
import { Task } from './task.js';

const TaskChangeType = builder.enumType('TaskChangeType', {
  values: {
    CREATED: { value: 'task.created' },
    UPDATED: { value: 'task.updated' },
    COMPLETED: { value: 'task.completed' },
    REOPENED: { value: 'task.reopened' },
    DELETED: { value: 'task.deleted' },
  } as const satisfies Record<string, { value: TaskEventType }>,
});

interface TaskChangeShape {
  event: TaskEvent & { type: TaskEventType };
  task: TaskRecord;
}

const TaskChange = builder.objectRef<TaskChangeShape>('TaskChange').implement({
  description: "A change to one of the caller's tasks, made through any interface on any instance.",
  fields: (t) => ({
    id: t.id({ description: 'The event id (UUIDv7, ordered by time)', resolve: ({ event }) => event.id }),
    type: t.field({ type: TaskChangeType, resolve: ({ event }) => event.type }),
    occurredAt: t.field({ type: 'DateTime', resolve: ({ event }) => new Date(event.occurredAt) }),
    task: t.field({
      type: Task,
      description:
        'The task as this change left it. For DELETED the task no longer exists: createdAt and completedAt are then the time of the change.',
      resolve: ({ task }) => task,
    }),
  }),
});

const isTaskEvent = (event: TaskEvent): event is TaskEvent & { type: TaskEventType } =>
  (TASK_EVENT_TYPES as readonly string[]).includes(event.type);

async function* taskEvents(ctx: GraphqlContext) {
  for await (const event of ctx.events.subscribe(ctx.caller.userId, ctx.signal)) {
    if (isTaskEvent(event) && event.userId === ctx.caller.userId) yield event;
  }
}

builder.subscriptionField('taskChanged', (t) =>
  t.field({
    type: TaskChange,
    description: "Every change to the caller's tasks from now on: created, updated, completed, reopened, deleted.",
    subscribe: (_root, _args, ctx) => taskEvents(ctx),
    resolve: (event: TaskEvent & { type: TaskEventType }) => ({ event, task: taskOfEvent(event) }),
  }),
);
