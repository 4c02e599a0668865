import type { FastifyInstance } from 'fastify';
import type { ContextDeps } from '../../context.js';
import { EMAIL_LINK_ACTIONS } from '../../email/email-links.js';
import { confirmationPage, resultPage } from '../../email/link-pages.js';
import { inspectEmailLink, useEmailLink } from '../../email/use-email-link.js';

export interface MailLinkRouteDeps {
  context: ContextDeps;
}

const html = (description: string) => ({ description, content: { 'text/html': { schema: { type: 'string' } } } });

const SUMMARIES = {
  done: 'mark the task done',
  snooze: 'snooze its reminder for 1 hour',
  confirm: 'confirm the email address',
} as const;

/**
 * The one-click links in mails, `/mail/<token>/done|snooze|confirm`: no bearer token (the secret in the
 * path is the credential). GET only shows a page with a button, since mail scanners follow links; the
 * button's POST acts, once.
 */
export function mailLinkRoutes(deps: MailLinkRouteDeps) {
  return async (app: FastifyInstance): Promise<void> => {
    for (const action of EMAIL_LINK_ACTIONS) {
      const url = `/mail/:token/${action}`;
      const params = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 64 } } } as const;
      const config = { public: true, secretParams: ['token'] };
      app.get<{ Params: { token: string } }>(
        url,
        {
          config,
          schema: {
            operationId: `show${action[0]!.toUpperCase()}${action.slice(1)}Link`,
            summary: `A mail's link to ${SUMMARIES[action]}: the page asking to confirm (changes nothing)`,
            description:
              'No bearer token: the secret in the path is the credential. Mail scanners follow links, so GET only shows the question and a button that POSTs to the same URL.',
            tags: ['email'],
            security: [],
            params,
            response: { 200: html('The question and its button'), 404: html('Unknown link'), 410: html('Expired') },
          },
        },
        async (request, reply) => {
          const state = await inspectEmailLink(deps.context, request.params.token, action);
          const shown = confirmationPage(state, action, `/mail/${request.params.token}/${action}`);
          return reply.code(shown.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(shown.html);
        },
      );
      app.post<{ Params: { token: string } }>(
        url,
        {
          config,
          schema: {
            operationId: `use${action[0]!.toUpperCase()}${action.slice(1)}Link`,
            summary: `A mail's link to ${SUMMARIES[action]}: acts, once`,
            description: 'A second use answers "Already done" and changes nothing.',
            tags: ['email'],
            security: [],
            params,
            response: { 200: html('Done, or already done'), 404: html('Unknown link'), 409: html('Nothing was changed'), 410: html('Expired') },
          },
        },
        async (request, reply) => {
          const shown = resultPage(await useEmailLink(deps.context, request.params.token, action));
          return reply.code(shown.status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(shown.html);
        },
      );
    }
  };
}
