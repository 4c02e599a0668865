import type { FastifyInstance } from 'fastify';
import { APP_PASSWORD_NAME_MAX_LENGTH, APP_PASSWORDS_PER_USER_MAX, createAppPassword } from '../../app-passwords/create-app-password.js';
import { deleteAppPassword } from '../../app-passwords/delete-app-password.js';
import { listAppPasswords } from '../../app-passwords/list-app-passwords.js';
import { toAppPasswordView } from '../../app-passwords/app-password-view.js';
import { requireMediaType } from '../require-media-type.js';

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input (malformed JSON, a missing, empty or too long name, a malformed id)',
  401: 'Missing, malformed, expired or otherwise invalid bearer token',
  404: 'No such app password for this caller',
  409: `The caller has ${APP_PASSWORDS_PER_USER_MAX} app passwords already`,
  413: 'Request body larger than 64 KiB',
  415: 'Content-Type is not application/json',
};

const errors = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, { description: ERROR_MEANINGS[status], $ref: 'Error#' }]));

const appPasswordSchema = {
  $id: 'AppPassword',
  type: 'object',
  required: ['id', 'name', 'createdAt', 'lastUsedAt'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1 },
    name: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
    lastUsedAt: { type: ['string', 'null'], format: 'date-time', description: 'The last CalDAV request it signed in (to the minute); null before its first use' },
  },
} as const;

const createdAppPasswordSchema = {
  $id: 'CreatedAppPassword',
  type: 'object',
  required: ['id', 'name', 'password', 'createdAt'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1 },
    name: { type: 'string' },
    password: {
      type: 'string',
      description: 'Shown this once (only a slow hash is kept): 160 random bits as 8 groups of 4 letters and digits. The password of HTTP Basic on /dav/, with the user id as the user name.',
    },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

const idParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', format: 'int64', minimum: 1, description: 'The app password id' } },
} as const;

/** App passwords: what CalDAV clients sign in with (they cannot use bearer tokens). */
export async function appPasswordRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(appPasswordSchema);
  app.addSchema(createdAppPasswordSchema);

  app.post<{ Body: { name: string } }>(
    '/me/app-passwords',
    {
      onRequest: requireMediaType('application/json'),
      schema: {
        operationId: 'createAppPassword',
        summary: 'Make an app password for a CalDAV client',
        description: `The answer holds the password, shown only this once. At most ${APP_PASSWORDS_PER_USER_MAX} per user.`,
        tags: ['account'],
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: { type: 'string', description: `Which client it is for; 1 to ${APP_PASSWORD_NAME_MAX_LENGTH} characters after trimming` } },
        },
        response: { 201: { description: 'Made', $ref: 'CreatedAppPassword#' }, ...errors(400, 401, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const created = await createAppPassword(request.caller, { name: request.body.name });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.get(
    '/me/app-passwords',
    {
      schema: {
        operationId: 'listAppPasswords',
        summary: "The caller's app passwords",
        description: 'Oldest first, with when each was last used; never the passwords.',
        tags: ['account'],
        response: { 200: { description: 'Oldest first', type: 'array', items: { $ref: 'AppPassword#' } }, ...errors(401) },
      },
    },
    async (request) => (await listAppPasswords(request.caller)).map(toAppPasswordView),
  );

  app.delete<{ Params: { id: bigint } }>(
    '/me/app-passwords/:id',
    {
      schema: {
        operationId: 'deleteAppPassword',
        summary: 'Revoke an app password',
        description: 'At once: the next CalDAV request with it is refused (401), on every instance.',
        tags: ['account'],
        params: idParamsSchema,
        response: { 204: { description: 'Revoked', type: 'null' }, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await deleteAppPassword(request.caller, request.params.id);
      return reply.code(204).send();
    },
  );
}
