import { PUSH_LOG_LIMIT_DEFAULT, PUSH_LOG_LIMIT_MAX } from '../push/list-push-deliveries.js';
import { DEVICE_NAME_MAX_LENGTH } from '../push/push-subscription-input.js';
import { URL_MAX_LENGTH } from '../webhooks/webhook-url-policy.js';

export const pushSubscriptionSchema = {
  $id: 'PushSubscription',
  type: 'object',
  required: ['id', 'endpoint', 'deviceName', 'createdAt'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1 },
    endpoint: { type: 'string', format: 'uri' },
    deviceName: { type: 'string' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const newPushSubscriptionSchema = {
  $id: 'NewPushSubscription',
  type: 'object',
  description: "The browser's PushSubscription.toJSON(), plus an optional deviceName",
  required: ['endpoint', 'keys'],
  properties: {
    endpoint: {
      type: 'string',
      maxLength: URL_MAX_LENGTH,
      description: 'The push service URL; held to the webhook URL policy (https, public addresses; WEBHOOK_ALLOW_INSECURE lifts it)',
    },
    expirationTime: { type: ['integer', 'null'], description: 'Epoch milliseconds, or null' },
    keys: {
      type: 'object',
      required: ['p256dh', 'auth'],
      properties: {
        p256dh: { type: 'string', maxLength: 200, description: 'base64url of an uncompressed P-256 point (65 bytes)' },
        auth: { type: 'string', maxLength: 100, description: 'base64url of the 16-byte auth secret' },
      },
    },
    deviceName: { type: 'string', maxLength: DEVICE_NAME_MAX_LENGTH },
  },
} as const;

export const pushAttemptSchema = {
  $id: 'PushAttempt',
  type: 'object',
  required: ['deliveryId', 'eventId', 'type', 'attempt', 'attemptedAt', 'statusCode', 'latencyMs', 'error', 'nextAttemptAt', 'deliveryState'],
  properties: {
    deliveryId: { type: 'integer', format: 'int64' },
    eventId: { type: 'string', description: "The message's eventId: the reminder.due event, the same on every attempt" },
    type: { type: 'string', description: 'reminder.due or push.test' },
    attempt: { type: 'integer', minimum: 1 },
    attemptedAt: { type: 'string', format: 'date-time' },
    statusCode: { type: ['integer', 'null'], description: "The push service's answer; null when none came" },
    latencyMs: { type: 'integer' },
    error: { type: ['string', 'null'] },
    nextAttemptAt: { type: ['string', 'null'], format: 'date-time', description: 'When it is tried again; null when this attempt ended it' },
    deliveryState: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
  },
} as const;

export const queuedPushSchema = {
  $id: 'QueuedPush',
  type: 'object',
  required: ['deliveryId', 'eventId'],
  properties: { deliveryId: { type: 'integer', format: 'int64' }, eventId: { type: 'string' } },
} as const;

export const pushSchemas = [pushSubscriptionSchema, newPushSubscriptionSchema, pushAttemptSchema, queuedPushSchema];

export const subscriptionIdParamsSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', format: 'int64', minimum: 1, description: 'The push subscription id' } },
} as const;

export const pushLogQuerySchema = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: PUSH_LOG_LIMIT_MAX, default: PUSH_LOG_LIMIT_DEFAULT, description: 'How many recent attempts' },
  },
} as const;

const ERROR_MEANINGS: Record<number, string> = {
  400: 'Invalid input: malformed keys (not base64url, wrong length, not a point on P-256), or an endpoint the URL policy refuses',
  401: 'Missing, malformed, expired or otherwise invalid bearer token',
  404: 'No such push subscription for this caller; or push is off on this server (reason push/unavailable: its operator has not set PUSH_CONTACT)',
  409: 'The caller already has the most push subscriptions allowed (20)',
  413: 'Request body larger than 64 KiB',
  415: 'Content-Type is not application/json',
};

export function pushErrorResponses(...statuses: number[]): Record<number, unknown> {
  return Object.fromEntries(statuses.map((status) => [status, { description: ERROR_MEANINGS[status], $ref: 'Error#' }]));
}
