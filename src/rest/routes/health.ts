import type { FastifyInstance } from 'fastify';
import { STORAGE_RETRY_AFTER_SECONDS } from '../../db/storage-unavailable.js';
import type { Logger } from '../../logger.js';
import { sendError } from '../error-handler.js';

export interface HealthDeps {
  /** null while the database accepts writes; otherwise why it does not (for the log only). */
  checkWrites(): Promise<string | null>;
  /**
   * null while nothing but storage decides readiness; otherwise why this instance should get no new
   * traffic (it is shutting down, or its identity provider has not been reached yet), as the 503 says it.
   */
  unready?(): string | null;
  logger: Logger;
}

const statusSchema = {
  type: 'object',
  properties: { status: { type: 'string' } },
} as const;

/**
 * /healthz: the process answers. /readyz: it can serve, i.e. it is not shutting down, can check tokens,
 * and its database takes writes right now.
 */
export function healthRoutes(deps: HealthDeps) {
  return async (app: FastifyInstance) => {
    // Logged when readiness changes, not on every probe.
    let lastFailure: string | null = null;
    const routeConfig = { public: true, rateLimit: false } as const;
    app.get('/healthz', { config: routeConfig, schema: { hide: true, response: { 200: statusSchema } } }, async () => ({
      status: 'ok',
    }));
    app.get(
      '/readyz',
      { config: routeConfig, schema: { hide: true, response: { 200: statusSchema } } },
      async (_request, reply) => {
        const unready = deps.unready?.() ?? null;
        if (unready) return sendError(reply, 503, unready);
        const failure = await deps.checkWrites();
        if (failure !== lastFailure) {
          if (failure) deps.logger.warn({ reason: failure }, 'not ready: database writes fail');
          else deps.logger.info('ready: database writes succeed again');
          lastFailure = failure;
        }
        if (!failure) return { status: 'ready' };
        reply.header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS));
        return sendError(reply, 503, 'Storage is temporarily unavailable: writes are failing');
      },
    );
  };
}
