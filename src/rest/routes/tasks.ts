import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { completeTask } from '../../tasks/complete-task.js';
import { createTask } from '../../tasks/create-task.js';
import { listTasks } from '../../tasks/list-tasks.js';
import type { NewTaskInput } from '../../tasks/task-input.js';
import { toTaskView, type StatusFilter } from '../../tasks/task-view.js';
import { withRecurrenceText } from '../../tasks/describe-task-recurrence.js';
import { replyOnce } from '../reply-once.js';
import { getTask } from '../../tasks/get-task.js';
import { reopenTask } from '../../tasks/reopen-task.js';
import { updateTask } from '../../tasks/update-task.js';
import type { TaskChangesInput } from '../../tasks/task-input.js';
import type { ServiceContext } from '../../context.js';
import type { TaskRecord } from '../../tasks/task-view.js';
import { requireMediaType } from '../require-media-type.js';
import { readTaskLabels } from '../../tasks/task-labels.js';
import { errorResponses, listTasksQuerySchema, newTaskSchema, taskIdParamsSchema, taskPatchSchema } from '../schemas.js';

const PATCHABLE = ['title', 'description', 'dueAt', 'priority', 'remindBefore', 'reminders', 'recurrence', 'listId', 'labels', 'assigneeId'] as const;

/** A list id as JSON and query strings carry it (a number), as the services take it. */
const listIdOf = (raw: unknown): bigint | null | undefined =>
  raw === undefined || raw === null ? (raw as null | undefined) : BigInt(raw as number);

interface ListTasksQuery {
  limit: number;
  status: StatusFilter;
  list?: number;
  label?: string;
  priority?: string;
  assignee?: string;
}

/** The task's REST view; its labels are read unless given. */
async function viewOf(ctx: ServiceContext, task: TaskRecord, labels?: readonly string[]) {
  const view = toTaskView(task, labels ?? (await readTaskLabels(ctx.db, task.id)));
  return (await withRecurrenceText(ctx, [{ ...view, dueLocal: task.dueLocal }]))[0]!;
}

function requireJsonBody(request: FastifyRequest): void {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AppError('request/unsupported_media_type', 415, 'Content-Type must be application/json');
  }
}

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: ListTasksQuery }>(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        summary: "List the caller's tasks",
        description:
          'The tasks of every list the caller is a member of (their own and shared ones): pending tasks by default, ordered by dueAt ascending (undated last), then id. `list`, `label`, `priority` and `assignee` narrow it.',
        tags: ['tasks'],
        querystring: listTasksQuerySchema,
        response: {
          200: { description: "The caller's tasks", type: 'array', items: { $ref: 'Task#' } },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { limit, status, list, label, priority, assignee } = request.query;
      const tasks = await listTasks(request.caller, { limit, status, listId: listIdOf(list) ?? undefined, label, priority, assignee });
      return withRecurrenceText(request.caller, tasks);
    },
  );

  app.post<{ Body: NewTaskInput }>(
    '/tasks',
    {
      config: { idempotent: true },
      onRequest: async (request) => requireJsonBody(request),
      schema: {
        operationId: 'createTask',
        summary: 'Create a task',
        description: "New tasks are pending; priority defaults to low; the list defaults to the caller's Inbox.",
        tags: ['tasks'],
        body: newTaskSchema,
        response: {
          201: {
            description: 'The created task; Location names it',
            headers: { Location: { type: 'string', description: '/tasks/{id}' } },
            $ref: 'Task#',
          },
          ...errorResponses(400, 401, 403, 404, 413, 415),
        },
      },
    },
    async (request, reply) =>
      replyOnce(request, reply, 'createTask', async () => {
        const task = await createTask(request.caller, { ...request.body, listId: listIdOf(request.body.listId) });
        const view = await viewOf(request.caller, task, task.labels);
        return { status: 201, body: JSON.stringify(view), location: `/tasks/${task.id}` };
      }),
  );

  app.delete<{ Params: { id: bigint } }>(
    '/tasks/:id',
    {
      schema: {
        operationId: 'completeTask',
        summary: 'Complete a task',
        description:
          'Pending becomes completed. Completing a completed task changes nothing and also answers 204. A repeating task records the occurrence and moves dueAt to the next one (completed for good after the last).',
        tags: ['tasks'],
        params: taskIdParamsSchema,
        response: { 204: { description: 'Task completed', type: 'null' }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await completeTask(request.caller, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: bigint } }>(
    '/tasks/:id',
    {
      schema: {
        operationId: 'getTask',
        summary: 'Get one task',
        description: "A task of one of the caller's lists, pending or completed. Any other task is a 404, like an unknown id.",
        tags: ['tasks'],
        params: taskIdParamsSchema,
        response: { 200: { description: 'The task', $ref: 'Task#' }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => viewOf(request.caller, await getTask(request.caller, request.params.id)),
  );

  // application/merge-patch+json is parsed like JSON (Fastify's own parser handles application/json).
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.patch<{ Params: { id: bigint }; Body: TaskChangesInput }>(
    '/tasks/:id',
    {
      onRequest: requireMediaType('application/merge-patch+json', 'application/json'),
      schema: {
        operationId: 'updateTask',
        summary: 'Change a task',
        description:
          'A JSON merge patch (RFC 7396) of title, description, dueAt, priority, remindBefore, reminders, recurrence, listId (a move), labels and assigneeId, with the same rules and errors as GraphQL updateTask. A patch that changes nothing answers 200 and records no event. A viewer of the list gets 403.',
        tags: ['tasks'],
        params: taskIdParamsSchema,
        body: taskPatchSchema,
        response: { 200: { description: 'The task as changed', $ref: 'Task#' }, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request) => {
      const changes: TaskChangesInput = {};
      for (const field of PATCHABLE) {
        if (Object.hasOwn(request.body, field)) (changes as Record<string, unknown>)[field] = request.body[field];
      }
      if (changes.listId !== undefined) changes.listId = listIdOf(changes.listId);
      const { task } = await updateTask(request.caller, request.params.id, changes);
      return viewOf(request.caller, task, task.labels);
    },
  );

  app.post<{ Params: { id: bigint } }>(
    '/tasks/:id/reopen',
    {
      schema: {
        operationId: 'reopenTask',
        summary: 'Reopen a completed task',
        description:
          'Completed becomes pending (its reminder is scheduled again if dueAt is still ahead); reopening a pending task changes nothing.',
        tags: ['tasks'],
        params: taskIdParamsSchema,
        response: { 200: { description: 'The task, pending', $ref: 'Task#' }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => viewOf(request.caller, (await reopenTask(request.caller, request.params.id)).task),
  );
}
