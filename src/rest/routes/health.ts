import type { FastifyInstance } from 'fastify';
import { sendError } from '../error-handler.js';

export interface HealthDeps {
  isDatabaseReachable(): Promise<boolean>;
}

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
} as const;

export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance) => {
    app.get(
      '/healthz',
      { config: { public: true }, schema: { hide: true, response: { 200: statusSchema } } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      { config: { public: true }, schema: { hide: true, response: { 200: statusSchema } } },
      async (_request, reply) =>
        (await deps.isDatabaseReachable()) ? { status: 'ready' } : sendError(reply, 503, 'Database unreachable'),
    );
  };
}
