import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { MAX_PATH_PARAMETER_LENGTH } from '../http/edge-errors.js';
import { TITLE_MAX_LENGTH } from '../tasks/task-input.js';
import { taskWebhookDocument } from './webhook-schemas.js';

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.1.0',
    info: {
      title: 'Tickler',
      version: '1.0.0',
      description:
        'Task and reminder service. Every endpoint needs `Authorization: Bearer <token>` except the public sign-in ' +
        'endpoints (`security: []`): /auth/exchange, /auth/token and /auth/config.',
      license: { name: 'MIT', identifier: 'MIT' },
      contact: { name: 'Tickler maintainers' },
    },
    // Relative: the service that serves this document (/openapi.json) is the one it describes.
    servers: [{ url: '/', description: 'The service serving this document (its PUBLIC_URL)' }],
    tags: [
      { name: 'tasks', description: 'Create, list and complete tasks (the REST shim of the GraphQL API)' },
      { name: 'lists', description: 'Lists of tasks: the Inbox, your own lists and those shared with you; members and invitations' },
      { name: 'capture', description: 'Turn text, a voice note or a photo into a task draft' },
      { name: 'webhooks', description: 'Register endpoints that receive signed task events, and see their deliveries' },
      { name: 'calendar', description: 'A secret iCalendar feed of the tasks, for calendar apps' },
      { name: 'account', description: "The caller's data: export" },
      { name: 'push', description: 'Web Push: the VAPID public key, browser subscriptions, and their delivery log' },
      { name: 'notifications', description: 'Which channels reminders go by (push, email, the daily digest), and every delivery on them' },
      { name: 'email', description: "The one-click links in mails (Done, Snooze 1 hour, confirm the address): GET shows, POST acts" },
      { name: 'auth', description: 'Sign-in sessions for the web app' },
    ],
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    security: [{ bearerAuth: [] }],
    webhooks: taskWebhookDocument,
  },
  transform: ({ schema, url, route }) => ({
    schema: withIdempotencyKey(withEdgeAnswers(schema, url), route.config?.idempotent === true),
    url,
  }),
  transformObject: (documents) => withTitleLimits('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  refResolver: {
    // Components keep their own names (Task, Error, ...) instead of def-0, def-1.
    buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
  },
};

type RouteSchema = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0]['schema'];

/**
 * Answers any documented operation can give besides its own: 429 (rate limits), 503 (storage
 * unavailable) and, with a path parameter, 414. Listed once here rather than on every route.
 */
function withEdgeAnswers(schema: RouteSchema, url: string): RouteSchema {
  if (!schema || schema.hide) return schema;
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const extra: Record<string, unknown> = {
    429: { description: 'Over a rate limit; Retry-After says when to try again', $ref: 'Error#' },
    503: { description: 'Storage unavailable for a moment; Retry-After says when to try again', $ref: 'Error#' },
  };
  if (url.includes(':')) {
    extra[414] = { description: `A path segment longer than ${MAX_PATH_PARAMETER_LENGTH} characters`, $ref: 'Error#' };
  }
  return { ...schema, response: { ...extra, ...response } };
}

/** The Idempotency-Key header and its answers, on the creates that take one (config `idempotent`). */
function withIdempotencyKey(schema: RouteSchema, idempotent: boolean): RouteSchema {
  if (!schema || !idempotent) return schema;
  const headers = {
    type: 'object',
    properties: {
      'idempotency-key': {
        type: 'string',
        minLength: 1,
        maxLength: 255,
        pattern: '^[!-~]+$',
        description:
          'Makes retries safe: the same key with the same request within 24 hours answers the first answer again ' +
          '(with Idempotent-Replayed: true) and creates nothing. 1 to 255 visible ASCII characters, e.g. a UUID.',
      },
    },
  };
  const own = schema.response as Record<string | number, { description?: string } | undefined>;
  const inProgress = 'A request with this Idempotency-Key is still in progress; retry in a moment';
  const response = {
    ...own,
    // A create with a 409 of its own (a list name taken) keeps saying so.
    409: { description: own[409]?.description ? `${own[409].description}; or: ${inProgress}` : inProgress, $ref: 'Error#' },
    422: { description: 'This Idempotency-Key was used for a different request in the last 24 hours', $ref: 'Error#' },
  };
  return { ...schema, headers, response };
}

/**
 * The title's length limits as minLength/maxLength, for generated clients. Only in the document: the
 * server counts the title after trimming (so `  x  ` padded past 500 characters is still accepted),
 * which a JSON Schema cannot say; a client that keeps within these limits is always within the rule.
 */
function withTitleLimits<T extends object>(document: T): T {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a path into the generated document
  const body = (document as { paths?: Record<string, any> }).paths?.['/tasks']?.post?.requestBody;
  const title = body?.content?.['application/json']?.schema?.properties?.title;
  if (title) Object.assign(title, { minLength: 1, maxLength: TITLE_MAX_LENGTH });
  return document;
}
