import type { FastifyInstance } from 'fastify';
import { DELIVERY_LOG_LIMIT_DEFAULT, DELIVERY_LOG_LIMIT_MAX, listDeliveries } from '../../notifications/list-deliveries.js';
import { getNotificationSettings, updateNotificationSettings, type NotificationSettingsPatch } from '../../notifications/notification-settings.js';
import { requireMediaType } from '../require-media-type.js';
import { errorResponses } from '../schemas.js';

const settingsSchema = {
  type: 'object',
  required: ['push', 'email', 'digest'],
  properties: {
    push: { type: 'boolean', description: "Reminders are pushed to the caller's browsers (default true)" },
    email: {
      type: 'boolean',
      description:
        'Reminders are mailed to the confirmed address too (default false). Off, mail is the fallback: a reminder whose push attempts all failed, or with no live push subscription, is mailed to a confirmed address all the same.',
    },
    digest: {
      type: 'object',
      required: ['enabled', 'hour'],
      properties: {
        enabled: { type: 'boolean', description: "A daily mail with the day's queue (default false)" },
        hour: { type: 'integer', minimum: 0, maximum: 23, description: "The local hour it goes out at, in the caller's time zone (default 7)" },
      },
    },
  },
} as const;

const patchSchema = {
  type: 'object',
  description: 'A JSON merge patch: fields left out stay as they are.',
  properties: {
    push: { type: 'boolean' },
    email: { type: 'boolean' },
    digest: {
      type: 'object',
      properties: { enabled: { type: 'boolean' }, hour: { type: 'integer', minimum: 0, maximum: 23 } },
    },
  },
} as const;

const deliverySchema = {
  type: 'object',
  required: ['channel', 'taskId', 'dueAt', 'sentAt', 'outcome', 'error', 'reason', 'createdAt'],
  properties: {
    channel: { type: 'string', enum: ['push', 'email'] },
    taskId: { type: ['integer', 'null'], format: 'int64' },
    dueAt: { type: ['string', 'null'], format: 'date-time', description: 'When the task was due' },
    sentAt: { type: ['string', 'null'], format: 'date-time', description: 'When the push service or mail server took it; null while pending or failed' },
    outcome: { type: 'string', enum: ['pending', 'delivered', 'failed'] },
    error: { type: ['string', 'null'], description: "The last attempt's error, or why it failed for good" },
    reason: { type: ['string', 'null'], description: 'Why it went by email although email is off (the push fallback)' },
    createdAt: { type: 'string', format: 'date-time', description: 'When the reminder was handed to the channel' },
  },
} as const;

/** GET/PATCH /me/notifications and GET /me/deliveries, as GraphQL notificationSettings, updateNotificationSettings and deliveries. */
export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me/notifications',
    {
      schema: {
        operationId: 'getNotificationSettings',
        summary: 'Which channels reminders go by, and the daily digest',
        description: 'Defaults: push on, email off (then mail is only the fallback), the digest off at 07:00 local.',
        tags: ['notifications'],
        response: { 200: settingsSchema, ...errorResponses(401) },
      },
    },
    async (request) => getNotificationSettings(request.caller),
  );
  app.patch<{ Body: NotificationSettingsPatch }>(
    '/me/notifications',
    {
      onRequest: requireMediaType('application/merge-patch+json', 'application/json'),
      schema: {
        operationId: 'updateNotificationSettings',
        summary: 'Change the channels and the daily digest',
        description: 'A merge patch; an hour outside 0-23 or a non-boolean is 400 and changes nothing.',
        tags: ['notifications'],
        body: patchSchema,
        response: { 200: settingsSchema, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => updateNotificationSettings(request.caller, request.body),
  );
  app.get<{ Querystring: { limit?: number } }>(
    '/me/deliveries',
    {
      schema: {
        operationId: 'listDeliveries',
        summary: "Every delivery of the caller's reminders, on every channel, newest first",
        description: 'Push messages (one per browser) and reminder mails, with the email fallback\'s reason.',
        tags: ['notifications'],
        querystring: {
          type: 'object',
          properties: { limit: { type: 'integer', minimum: 1, maximum: DELIVERY_LOG_LIMIT_MAX, default: DELIVERY_LOG_LIMIT_DEFAULT } },
        },
        response: { 200: { type: 'array', items: deliverySchema }, ...errorResponses(400, 401) },
      },
    },
    async (request) => listDeliveries(request.caller, request.query.limit),
  );
}
