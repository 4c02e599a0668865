import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.js';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import type { RateLimiter, RateLimitState } from '../rate-limit/rate-limiter.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: not counted (health, readiness, metrics); 'capture': also counted against the capture budget. */
    rateLimit?: false | 'capture';
  }
}

export function rateLimited(state: RateLimitState, windowSeconds: number): AppError {
  const budget = state.scope === 'capture' ? 'captures' : 'requests';
  return new AppError(
    'request/rate_limited',
    429,
    `Too many ${budget}: at most ${state.limit} per ${windowSeconds} s; try again in ${state.resetSeconds} s`,
  );
}

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-06): the budget, what is left
 * of it and the seconds until it is whole again; with the policy (`limit;w=window`).
 */
export function setRateLimitHeaders(reply: FastifyReply, state: RateLimitState, windowSeconds: number): void {
  reply.header('ratelimit-limit', String(state.limit));
  reply.header('ratelimit-remaining', String(state.remaining));
  reply.header('ratelimit-reset', String(state.resetSeconds));
  reply.header('ratelimit-policy', `${state.limit};w=${windowSeconds}`);
}

/**
 * Counts every request against a budget, after the caller is identified and before it is authorised:
 * a verified token's user (and, on capture routes, the user's capture budget), otherwise the client
 * address (TRUST_PROXY decides whether X-Forwarded-For names it). Over budget: 429 with Retry-After.
 */
export function installRateLimits(app: FastifyInstance, limiter: RateLimiter, metrics: TransportMetrics): void {
  app.addHook('onRequest', async (request, reply) => {
    const rule = request.routeOptions.config?.rateLimit;
    if (rule === false) return;
    const identity = request.identity;
    const userId = identity && 'userId' in identity ? identity.userId : undefined;
    let shown = userId ? await limiter.hit('user', userId) : await limiter.hit('address', request.ip);
    if (userId && rule === 'capture' && shown?.allowed !== false) {
      const capture = await limiter.hit('capture', userId);
      if (capture && (!shown || !capture.allowed || capture.remaining < shown.remaining)) shown = capture;
    }
    if (!shown) return;
    setRateLimitHeaders(reply, shown, limiter.windowSeconds);
    if (shown.allowed) return;
    metrics.rateLimited(shown.scope);
    reply.header('retry-after', String(shown.resetSeconds));
    throw rateLimited(shown, limiter.windowSeconds);
  });
}
