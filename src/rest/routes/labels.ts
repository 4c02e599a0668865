import type { FastifyInstance } from 'fastify';
import { listLabels } from '../../tasks/list-labels.js';
import { errorResponses } from '../schemas.js';

/** `GET /labels`: the caller's labels with their counts. */
export async function labelRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/labels',
    {
      schema: {
        operationId: 'listLabels',
        summary: "The caller's labels",
        description: 'Every label on the tasks of the lists the caller is a member of, with how many tasks (pending or completed) carry it, by label.',
        tags: ['tasks'],
        response: {
          200: {
            description: 'Labels with their counts',
            type: 'array',
            items: {
              type: 'object',
              required: ['label', 'count'],
              properties: {
                label: { type: 'string', description: 'As first written on the oldest task carrying it' },
                count: { type: 'integer', minimum: 1 },
              },
            },
          },
          ...errorResponses(401),
        },
      },
    },
    async (request) => listLabels(request.caller),
  );
}
