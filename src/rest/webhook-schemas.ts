import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { EVENT_TYPES } from '../events/task-event.js';
import { DELIVERY_LIST_LIMIT_DEFAULT, DELIVERY_LIST_LIMIT_MAX } from '../webhooks/list-webhook-deliveries.js';
import { WEBHOOK_DESCRIPTION_MAX_LENGTH } from '../webhooks/webhook-input.js';
import { URL_MAX_LENGTH } from '../webhooks/webhook-url-policy.js';

const eventTypes = {
  type: 'array',
  items: { type: 'string', enum: EVENT_TYPES },
  minItems: 1,
  description: 'The event types the endpoint receives',
} as const;

const endpointProperties = {
  id: { type: 'integer', format: 'int64', minimum: 1 },
  url: { type: 'string', format: 'uri' },
  events: eventTypes,
  description: { type: 'string' },
  enabled: { type: 'boolean' },
  disabledReason: {
    type: ['string', 'null'],
    description: 'Why the service disabled the endpoint (it answered 410 Gone, or failed for days); null otherwise',
  },
  disabledAt: { type: ['string', 'null'], format: 'date-time' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
} as const;

const endpointRequired = ['id', 'url', 'events', 'description', 'enabled', 'disabledReason', 'disabledAt', 'createdAt', 'updatedAt'];

export const webhookEndpointSchema = {
  $id: 'WebhookEndpoint',
  type: 'object',
  required: endpointRequired,
  properties: endpointProperties,
} as const;

export const webhookEndpointWithSecretSchema = {
  $id: 'WebhookEndpointWithSecret',
  type: 'object',
  required: [...endpointRequired, 'secret'],
  properties: {
    ...endpointProperties,
    secret: {
      type: 'string',
      description: '`whsec_` + base64 of 32 random bytes; verify deliveries with it. Shown here and on rotation only.',
    },
  },
} as const;

const urlProperty = {
  type: 'string',
  maxLength: URL_MAX_LENGTH,
  description:
    'An https:// URL whose host resolves only to public addresses (not loopback, private, link-local, multicast ' +
    'or cloud metadata); checked again before every delivery. WEBHOOK_ALLOW_INSECURE=true lifts this for development.',
} as const;

/** POST /webhooks' body, inline in the document (see newTaskSchema: its description has a default). */
export const newWebhookEndpointSchema = {
  type: 'object',
  required: ['url'],
  properties: {
    url: urlProperty,
    events: { ...eventTypes, description: 'Default: every event type' },
    description: { type: 'string', maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH, default: '' },
  },
} as const;

export const webhookEndpointChangesSchema = {
  $id: 'WebhookEndpointChanges',
  type: 'object',
  minProperties: 1,
  properties: {
    url: urlProperty,
    events: eventTypes,
    description: { type: 'string', maxLength: WEBHOOK_DESCRIPTION_MAX_LENGTH },
    enabled: { type: 'boolean', description: 'true also clears why the service disabled it; pending deliveries resume' },
  },
} as const;

export const webhookAttemptSchema = {
  $id: 'WebhookAttempt',
  type: 'object',
  required: [
    'deliveryId',
    'eventId',
    'type',
    'attempt',
    'attemptedAt',
    'statusCode',
    'latencyMs',
    'error',
    'responseBody',
    'nextAttemptAt',
    'deliveryState',
  ],
  properties: {
    deliveryId: { type: 'integer', format: 'int64', description: 'Replay it with POST …/deliveries/{deliveryId}/retry' },
    eventId: { type: 'string', description: 'The `webhook-id` header: the same on every attempt of the event' },
    type: { type: 'string', description: 'The event type, or webhook.test' },
    attempt: { type: 'integer', minimum: 1 },
    attemptedAt: { type: 'string', format: 'date-time' },
    statusCode: { type: ['integer', 'null'], description: 'null when no answer came' },
    latencyMs: { type: 'integer' },
    error: { type: ['string', 'null'], description: 'What went wrong; null for a 2xx' },
    responseBody: { type: ['string', 'null'], description: 'At most the first 64 KiB of the answer' },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time', description: 'When it was to be retried; null when this attempt ended it' },
    deliveryState: { type: 'string', enum: ['pending', 'delivered', 'failed'], description: 'Where the delivery stands now' },
  },
} as const;

export const queuedDeliverySchema = {
  $id: 'QueuedWebhookDelivery',
  type: 'object',
  required: ['deliveryId', 'eventId'],
  properties: {
    deliveryId: { type: 'integer', format: 'int64' },
    eventId: { type: 'string' },
  },
} as const;

export const reminderFiringSchema = {
  $id: 'ReminderFiring',
  type: 'object',
  required: ['offsetMinutes', 'plannedAt', 'firedAt', 'lateSeconds', 'late'],
  properties: {
    offsetMinutes: { type: 'integer', minimum: 0, maximum: 40320, description: 'Minutes before dueAt (0 for an `at` reminder)' },
    plannedAt: { type: 'string', format: 'date-time', description: 'When it was planned to fire' },
    firedAt: { type: 'string', format: 'date-time' },
    lateSeconds: { type: 'number', minimum: 0 },
    late: { type: 'boolean', description: 'Fired noticeably after plannedAt (e.g. the service was down)' },
    reminderId: { type: 'string', description: "The reminder's schedule id (events from before reminder lists lack it)" },
    slot: { type: 'integer', minimum: 0, description: "Which of the task's reminders: its place in the task's reminders list" },
    kind: { type: 'string', enum: ['before', 'at'], description: 'Relative to dueAt, or at an instant' },
    ring: { type: 'integer', minimum: 0, description: '0 for its first ring; n for the nth ring again of a nagging reminder' },
  },
} as const;

export const reminderDeliverySchema = {
  $id: 'ReminderDelivery',
  type: 'object',
  required: ['channel', 'reminderEventId', 'dueAt', 'sentAt', 'error', 'reason'],
  properties: {
    channel: { type: 'string', enum: ['push', 'email'] },
    reminderEventId: { type: 'string', description: 'The reminder.due event this delivery carried' },
    dueAt: { type: ['string', 'null'], format: 'date-time', description: 'When the task was due' },
    sentAt: { type: ['string', 'null'], format: 'date-time', description: 'When the channel took it; null when it failed' },
    error: { type: ['string', 'null'], description: 'Why it failed (reminder.failed)' },
    reason: { type: ['string', 'null'], description: 'Why it went by email although email is off: the push fallback' },
  },
} as const;

export const webhookPayloadSchema = {
  $id: 'WebhookPayload',
  type: 'object',
  required: ['type', 'timestamp', 'data'],
  properties: {
    type: { type: 'string', enum: [...EVENT_TYPES, 'webhook.test'] },
    timestamp: { type: 'string', format: 'date-time', description: 'When the event happened' },
    data: {
      type: 'object',
      description:
        'For every event but webhook.test: `task`; for reminder.due also `reminder`; for reminder.delivered and reminder.failed (one per channel: push, email) also `delivery`. webhook.test: `endpointId`, `message`.',
      properties: {
        task: { $ref: 'Task#' },
        reminder: { $ref: 'ReminderFiring#' },
        delivery: { $ref: 'ReminderDelivery#' },
        endpointId: { type: 'integer', format: 'int64' },
        message: { type: 'string' },
      },
    },
  },
} as const;

export const webhookSchemas = [
  webhookEndpointSchema,
  webhookEndpointWithSecretSchema,
  webhookEndpointChangesSchema,
  webhookAttemptSchema,
  queuedDeliverySchema,
  reminderFiringSchema,
  reminderDeliverySchema,
  webhookPayloadSchema,
];

export const endpointIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', format: 'int64', minimum: 1, description: 'The webhook endpoint id' } },
} as const;

export const deliveryParamsSchema = {
  type: 'object',
  required: ['id', 'deliveryId'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1, description: 'The webhook endpoint id' },
    deliveryId: { type: 'integer', format: 'int64', minimum: 1 },
  },
} as const;

export const listDeliveriesQuerySchema = {
  type: 'object',
  properties: {
    limit: {
      type: 'integer',
      minimum: 1,
      maximum: DELIVERY_LIST_LIMIT_MAX,
      default: DELIVERY_LIST_LIMIT_DEFAULT,
      description: 'How many of the most recent attempts to return',
    },
  },
} as const;

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input: a malformed body, an unknown event type, a URL that is not https or points at a non-public address',
  401: 'Missing, malformed, expired or otherwise invalid bearer token',
  404: 'No such webhook endpoint (or delivery) for this caller',
  409: 'The endpoint is disabled, or the caller already has the most endpoints allowed',
  413: 'Request body larger than 64 KiB',
  415: 'Content-Type is not application/json',
};

export function webhookErrorResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, { description: ERROR_MEANINGS[status], $ref: 'Error#' }]));
}

/** The `webhooks` section of the OpenAPI document: what Tickler POSTs to a registered endpoint. */
type OpenApiDocument = NonNullable<FastifyDynamicSwaggerOptions['openapi']>;
type OpenApiWebhooks = NonNullable<Extract<OpenApiDocument, { webhooks?: unknown }>['webhooks']>;

export const taskWebhookDocument: OpenApiWebhooks = {
  '/tasks/webhook': {
    post: {
      operationId: 'taskWebhook',
      summary: 'A task or reminder event, sent to each subscribed endpoint',
      description:
        'Signed per Standard Webhooks: verify `webhook-signature` over `{webhook-id}.{webhook-timestamp}.{raw body}` with ' +
        "the endpoint's secret (e.g. with the `standardwebhooks` package) and reject timestamps far from now. Delivery is " +
        'at-least-once: de-duplicate on `webhook-id`, which stays the same on every retry. Any 2xx within 10 s is success; ' +
        'anything else (redirects included) is retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h (plus jitter), then ' +
        'the delivery is marked failed. 410 Gone disables the endpoint at once; failing for 5 days disables it too.',
      tags: ['webhooks'],
      security: [],
      parameters: [
        { in: 'header', name: 'webhook-id', required: true, schema: { type: 'string' }, description: 'The event id (UUIDv7)' },
        { in: 'header', name: 'webhook-timestamp', required: true, schema: { type: 'string' }, description: 'Unix seconds of this attempt' },
        {
          in: 'header',
          name: 'webhook-signature',
          required: true,
          schema: { type: 'string' },
          description: 'Space-separated `v1,<base64 HMAC-SHA256>`; two during the day after a secret rotation',
        },
      ],
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/WebhookPayload' } } },
      },
      responses: {
        '2XX': { description: 'Received' },
        '410': { description: 'Gone: the endpoint is disabled and receives nothing more until it is enabled again' },
        default: { description: 'Not received: retried on the schedule' },
      },
    },
  },
};
