import type { FastifyInstance } from 'fastify';
import { snoozeReminder, SNOOZE_MAX_MINUTES, SNOOZE_MIN_MINUTES, SNOOZE_UNTIL_MAX_DAYS } from '../../reminders/snooze-reminder.js';
import { requireMediaType } from '../require-media-type.js';
import { taskIdParamsSchema } from '../schemas.js';

const error = (description: string) => ({ description, $ref: 'Error#' });

/** Snoozing a task's reminder (the notification's "Snooze" action). */
export async function snoozeRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: bigint }; Body: { minutes?: number; until?: string } }>(
    '/tasks/:id/snooze',
    {
      onRequest: requireMediaType('application/json'),
      schema: {
        operationId: 'snoozeReminder',
        summary: "Fire the task's reminder again later",
        description:
          'The reminder fires again `minutes` from now, or `until` an instant (exactly one of the two); dueAt does not change and a ' +
          'nagging reminder stops ringing. The schedule is stored, so it survives restarts.',
        tags: ['tasks'],
        params: taskIdParamsSchema,
        body: {
          type: 'object',
          additionalProperties: false,
          description: 'Exactly one of minutes and until',
          properties: {
            minutes: { type: 'integer', minimum: SNOOZE_MIN_MINUTES, maximum: SNOOZE_MAX_MINUTES },
            until: {
              type: 'string',
              format: 'date-time',
              description: `An RFC 3339 instant in the future, at most ${SNOOZE_UNTIL_MAX_DAYS} days ahead (e.g. 18:00 local: "this evening")`,
            },
          },
        },
        response: {
          200: {
            description: 'The reminder schedule as snoozed',
            type: 'object',
            required: ['taskId', 'fireAt', 'snoozedUntil'],
            properties: {
              taskId: { type: 'integer', format: 'int64' },
              fireAt: { type: 'string', format: 'date-time', description: 'When it fires next' },
              snoozedUntil: { type: 'string', format: 'date-time' },
            },
          },
          400: error('Not exactly one of minutes and until; minutes not an integer from 5 to 1440; until not a future RFC 3339 instant within 7 days; or a malformed body'),
          401: error('Missing, malformed, expired or otherwise invalid bearer token'),
          404: error('No such task for this caller'),
          409: error('The task is completed'),
          413: error('Request body larger than 64 KiB'),
          415: error('Content-Type is not application/json'),
        },
      },
    },
    async (request) => {
      const reminder = await snoozeReminder(request.caller, request.params.id, request.body);
      return { taskId: Number(reminder.taskId), fireAt: reminder.fireAt.toISOString(), snoozedUntil: reminder.snoozedUntil!.toISOString() };
    },
  );
}
