import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppPasswordAuthenticator } from '../app-passwords/authenticate-app-password.js';
import { createContext, type ContextDeps } from '../context.js';
import { rateLimited, setRateLimitHeaders } from '../http/rate-limit-hook.js';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import type { RateLimiter, RateLimitState } from '../rate-limit/rate-limiter.js';
import { parseBasicCredentials } from './basic-credentials.js';
import { davError } from './dav-errors.js';

export const BASIC_CHALLENGE = 'Basic realm="Tickler", charset="UTF-8"';

export interface DavAuthDeps {
  context: ContextDeps;
  appPasswords: AppPasswordAuthenticator;
  /** Absent: no rate limits. */
  rateLimiter?: RateLimiter;
  metrics: TransportMetrics;
}

function refuseOverBudget(reply: FastifyReply, state: RateLimitState | null, deps: DavAuthDeps): void {
  if (!state || !deps.rateLimiter) return;
  setRateLimitHeaders(reply, state, deps.rateLimiter.windowSeconds);
  if (state.allowed) return;
  deps.metrics.rateLimited(state.scope);
  reply.header('retry-after', String(state.resetSeconds));
  throw rateLimited(state, deps.rateLimiter.windowSeconds);
}

/**
 * HTTP Basic with an app password, for /dav/ only (CalDAV clients cannot do OIDC or bearer tokens).
 * Counted like the rest of the service: a signed-in request against its user's budget, a refused one
 * against its address's. An address over its budget is refused before any password is checked, so
 * guessing costs the guesser the window, not the service a slow hash per try.
 */
export function davAuthentication(deps: DavAuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const limiter = deps.rateLimiter;
    if (limiter) refuseOverBudget(reply, await limiter.take('address', request.ip, 0), deps);
    const credentials = parseBasicCredentials(request.headers.authorization);
    const appPasswordId = credentials ? await deps.appPasswords.authenticate(credentials.userId, credentials.password) : null;
    if (credentials === null || appPasswordId === null) {
      if (limiter) refuseOverBudget(reply, await limiter.hit('address', request.ip), deps);
      if (credentials !== null) request.log.info({ reason: 'app password', where: 'dav' }, 'credentials refused');
      reply.header('www-authenticate', BASIC_CHALLENGE);
      throw davError(401, 'auth/unauthenticated', 'Sign in with your user id and an app password (HTTP Basic)');
    }
    if (limiter) refuseOverBudget(reply, await limiter.hit('user', credentials.userId), deps);
    request.identity = { userId: credentials.userId, expiresAt: new Date(deps.context.clock.now().getTime() + 60_000) };
    request.caller = { ...createContext({ ...deps.context, logger: request.log }, credentials.userId), via: 'caldav' };
  };
}
