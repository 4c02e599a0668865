import type { TaskEvent } from '../events/task-event.js';
import type { TaskRecord } from '../tasks/task-view.js';
import type { GraphqlContext } from './graphql-context.js';

/**
 * The task of an event as a Task. The event carries the REST view of the task; the row adds what that
 * view leaves out (createdAt, completedAt). The event's own fields win: they are the state this event
 * recorded. A deleted task has no row: createdAt and completedAt are then the time of the event.
 */
export async function taskOfEvent(event: TaskEvent, ctx: GraphqlContext): Promise<TaskRecord> {
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
