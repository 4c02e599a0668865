import { TASK_EVENT_TYPES, type TaskEvent, type TaskEventType } from '../../events/task-event.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { builder } from '../builder.js';
import type { GraphqlContext } from '../graphql-context.js';
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

/**
 * The event carries the REST view of the task; the row adds what that view leaves out (createdAt,
 * completedAt, the reminder). The event's own fields win: they are the state this change produced.
 */
async function taskOf(event: TaskEvent & { type: TaskEventType }, ctx: GraphqlContext): Promise<TaskRecord> {
  const view = event.task;
  const at = new Date(event.occurredAt);
  const row =
    event.type === 'task.deleted'
      ? null
      : await ctx.caller.db.task.findFirst({ where: { id: BigInt(view.id), userId: ctx.caller.userId } });
  return {
    id: BigInt(view.id),
    userId: event.userId,
    title: view.title,
    description: view.description,
    dueAt: view.dueAt === null ? null : new Date(view.dueAt),
    priority: view.priority,
    status: view.status,
    remindBefore: view.remindBefore ?? null,
    createdAt: row?.createdAt ?? at,
    updatedAt: at,
    completedAt: view.status === 'completed' ? (row?.completedAt ?? at) : null,
  };
}

builder.subscriptionField('taskChanged', (t) =>
  t.field({
    type: TaskChange,
    description: "Every change to the caller's tasks from now on: created, updated, completed, reopened, deleted.",
    subscribe: (_root, _args, ctx) => taskEvents(ctx),
    resolve: async (event: TaskEvent & { type: TaskEventType }, _args, ctx) => ({ event, task: await taskOf(event, ctx) }),
  }),
);
