import type { FastifyInstance } from 'fastify';
import { createCalendarFeed, deleteCalendarFeed } from '../../calendar/calendar-feed-token.js';
import { renderCalendarFeed } from '../../calendar/render-calendar-feed.js';
import type { ContextDeps } from '../../context.js';
import { AppError } from '../../errors.js';
import { matchesIfNoneMatch } from '../../http/if-none-match.js';
import { errorResponses } from '../schemas.js';

export interface CalendarRouteDeps {
  context: ContextDeps;
}

const feedNotFound = () => new AppError('request/not_found', 404, 'No such calendar feed');

/** The calendar feed: turned on, rotated and off with a bearer token; read by calendar apps without one. */
export function calendarRoutes(deps: CalendarRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    app.post(
      '/calendar/feed',
      {
        schema: {
          operationId: 'createCalendarFeed',
          summary: 'Turn the calendar feed on, or rotate its URL',
          description: 'Answers a new secret subscription URL; the previous one stops working at once.',
          tags: ['calendar'],
          response: {
            201: { description: 'The feed URL', type: 'object', required: ['url'], properties: { url: { type: 'string', format: 'uri' } } },
            ...errorResponses(401),
          },
        },
      },
      async (request, reply) => reply.code(201).send(await createCalendarFeed(request.caller)),
    );

    app.delete(
      '/calendar/feed',
      {
        schema: {
          operationId: 'deleteCalendarFeed',
          summary: 'Turn the calendar feed off',
          description: 'The feed URL answers 404 from now on; answers 204 also when the feed was already off.',
          tags: ['calendar'],
          response: { 204: { description: 'Off (also when it was off already)', type: 'null' }, ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        await deleteCalendarFeed(request.caller);
        return reply.code(204).send();
      },
    );

    app.get<{ Params: { file: string }; Querystring: { kind?: 'event' | 'todo' } }>(
      '/calendar/:file',
      {
        // The token is the credential: the request log never shows it.
        config: { public: true, secretParams: ['file'] },
        schema: {
          operationId: 'readCalendarFeed',
          summary: 'The calendar feed (iCalendar), for calendar apps',
          description:
            'No bearer token: the secret in the URL is the credential. One VEVENT per dated pending task, or VTODOs with kind=todo. ETag and If-None-Match (304; weak comparison, so W/\"…\" matches too).',
          tags: ['calendar'],
          security: [],
          params: { type: 'object', required: ['file'], properties: { file: { type: 'string', description: '<token>.ics' } } },
          querystring: { type: 'object', properties: { kind: { type: 'string', enum: ['event', 'todo'], default: 'event' } } },
          response: {
            200: { description: 'text/calendar; charset=utf-8', content: { 'text/calendar': { schema: { type: 'string' } } } },
            304: { description: 'Not modified (If-None-Match)', type: 'null' },
            ...errorResponses(400, 404),
          },
        },
      },
      async (request, reply) => {
        const match = /^([A-Za-z0-9_-]{1,128})\.ics$/.exec(request.params.file);
        // A malformed name is looked up like any unknown token, so it answers the same way.
        const calendar = await renderCalendarFeed(deps.context, match?.[1] ?? request.params.file, request.query.kind ?? 'event');
        if (!match || !calendar) throw feedNotFound();
        reply.header('etag', calendar.etag).header('cache-control', 'private, max-age=900');
        if (matchesIfNoneMatch(request.headers['if-none-match'], calendar.etag)) return reply.code(304).send();
        return reply.type('text/calendar; charset=utf-8').send(calendar.body);
      },
    );
  };
}
