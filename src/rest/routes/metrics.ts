import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from '../error-handler.js';

export interface MetricsRouteDeps {
  /** The Prometheus exposition; absent: no /metrics at all. */
  metrics?: { contentType: string; render(): Promise<string> };
  /** Set: /metrics needs `Authorization: Bearer <token>`; unset: loopback clients only. */
  metricsToken?: string | undefined;
}

function isLoopback(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  return address === '::1' || address.startsWith('::ffff:127.');
}

function presents(request: FastifyRequest, token: string): boolean {
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(request.headers.authorization ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * GET /metrics for Prometheus. Refused callers get the same 404 as an unknown path, so the endpoint
 * does not announce itself. Without a token, a request that came through a proxy (it carries
 * X-Forwarded-For, or TRUST_PROXY names a remote client) is not a loopback client, even though the
 * proxy itself connects from loopback.
 */
export function metricsRoutes(deps: MetricsRouteDeps) {
  return async (app: FastifyInstance) => {
    app.get('/metrics', { config: { public: true, rateLimit: false }, schema: { hide: true } }, async (request, reply) => {
      const allowed = deps.metricsToken
        ? presents(request, deps.metricsToken)
        : isLoopback(request.ip) && request.headers['x-forwarded-for'] === undefined && request.headers.forwarded === undefined;
      if (!deps.metrics || !allowed) return sendError(reply, 404, 'No route GET /metrics');
      const body = await deps.metrics.render();
      return reply.type(deps.metrics.contentType).header('cache-control', 'no-store').send(body);
    });
  };
}
