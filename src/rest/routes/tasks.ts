import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { completeTask } from '../../tasks/complete-task.js';
import { createTask } from '../../tasks/create-task.js';
import { listTasks, type StatusFilter } from '../../tasks/list-tasks.js';
import type { NewTaskInput } from '../../tasks/task-input.js';
import { toTaskView } from '../../tasks/task-view.js';
import { errorResponses, listTasksQuerySchema, newTaskSchema, taskIdParamsSchema } from '../schemas.js';

function requireJsonBody(request: FastifyRequest): void {
  const mediaType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw new AppError('request/unsupported_media_type', 415, 'Content-Type must be application/json');
  }
}

export async function taskRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number; status: StatusFilter } }>(
    '/tasks',
    {
      schema: {
        operationId: 'listTasks',
        summary: "List the caller's tasks",
        description: 'Pending tasks by default, ordered by dueAt ascending (undated last), then id.',
        tags: ['tasks'],
        querystring: listTasksQuerySchema,
        response: {
          200: { description: "The caller's tasks", type: 'array', items: { $ref: 'Task#' } },
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => {
      return listTasks(request.caller, { limit: request.query.limit, status: request.query.status });
    },
  );

  app.post<{ Body: NewTaskInput }>(
    '/tasks',
    {
      onRequest: async (request) => requireJsonBody(request),
      schema: {
        operationId: 'createTask',
        summary: 'Create a task',
        description: 'New tasks are pending; priority defaults to low.',
        tags: ['tasks'],
        body: { $ref: 'NewTask#' },
        response: {
          201: {
            description: 'The created task; Location names it',
            headers: { Location: { type: 'string', description: '/tasks/{id}' } },
            $ref: 'Task#',
          },
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request, reply) => {
      const task = await createTask(request.caller, request.body);
      return reply.code(201).header('location', `/tasks/${task.id}`).send(toTaskView(task));
    },
  );

  app.delete<{ Params: { id: bigint } }>(
    '/tasks/:id',
    {
      schema: {
        operationId: 'completeTask',
        summary: 'Complete a task',
        description: 'Pending becomes completed. Completing a completed task changes nothing and also answers 204.',
        tags: ['tasks'],
        params: taskIdParamsSchema,
        response: { 204: { description: 'Task completed', type: 'null' }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await completeTask(request.caller, request.params.id);
      return reply.code(204).send();
    },
  );
}

// Keeps the body schema registered before routes that reference it.
export const taskSchemas = [newTaskSchema];
