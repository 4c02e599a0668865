import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { deleteAccount } from '../../account/delete-account.js';
import { exportAccount } from '../../account/export-account.js';
import { importAccount, IMPORT_MAX_BYTES } from '../../account/import-account.js';
import { invalidRequest } from '../../errors.js';
import { errorResponses } from '../schemas.js';

/** An import may be larger than the usual 64 KiB body. */
export const IMPORT_BODY_LIMIT_BYTES = IMPORT_MAX_BYTES;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The caller's data: GET /me/export, POST /me/import, DELETE /me. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/export',
    {
      schema: {
        operationId: 'exportAccount',
        summary: 'Export the whole account as one JSON document',
        description:
          'Settings, every task with its reminder, rule and completed occurrences, webhook endpoints without secrets, push subscriptions without keys, whether a calendar feed is on. Streamed.',
        tags: ['account'],
        response: {
          200: { description: 'The export (format tickler.export/1)', content: { 'application/json': { schema: { type: 'object' } } } },
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', 'attachment; filename="tickler-export.json"')
        .send(Readable.from(exportAccount(request.caller))),
  );
  app.delete(
    '/me',
    {
      schema: {
        operationId: 'deleteAccount',
        summary: 'Delete the account and everything of it',
        description:
          "Deletes the caller's tasks (with reminders and completed occurrences), events, webhook endpoints with their deliveries, push subscriptions with theirs, the calendar feed, sign-in codes and sessions, idempotency keys and settings. Tokens issued until now get 401 from then on; a token issued later starts an empty account.",
        tags: ['account'],
        response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await deleteAccount(request.caller);
      return reply.code(204).send();
    },
  );
  app.addContentTypeParser('text/csv', { parseAs: 'buffer', bodyLimit: IMPORT_BODY_LIMIT_BYTES }, (_request, body: Buffer, done) => {
    try {
      done(null, strictUtf8.decode(body));
    } catch {
      done(invalidRequest('The request body is not valid UTF-8'));
    }
  });
  app.post(
    '/me/import',
    {
      bodyLimit: IMPORT_BODY_LIMIT_BYTES,
      schema: {
        operationId: 'importAccount',
        summary: 'Import tasks from an export document or a Todoist CSV export',
        description:
          'application/json: a tickler.export/1 document (GET /me/export); its tasks are created. text/csv: a Todoist CSV export; its TYPE=task rows are created. Tasks the account already has (same title, description, due time, priority, rule and completion) are not created again, so importing the same document twice creates nothing new. Up to 5000 tasks, 10 MiB.',
        tags: ['account'],
        body: {
          content: {
            'application/json': { schema: { type: 'object' } },
            'text/csv': { schema: { type: 'string' } },
          },
        },
        response: {
          200: {
            description: 'What was created and what was there already',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['created', 'skipped'],
                  properties: { created: { type: 'integer' }, skipped: { type: 'integer' } },
                },
              },
            },
          },
          ...errorResponses(400, 401, 413, 415),
        },
      },
    },
    async (request) =>
      importAccount(
        request.caller,
        typeof request.body === 'string' ? { kind: 'todoistCsv', text: request.body } : { kind: 'export', document: request.body },
      ),
  );
}
