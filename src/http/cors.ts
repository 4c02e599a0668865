import type { FastifyInstance } from 'fastify';

const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
const ALLOWED_HEADERS = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
const EXPOSED_HEADERS =
  'Location, Retry-After, WWW-Authenticate, X-Request-Id, Idempotent-Replayed, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy';
/** How long a browser may reuse a preflight's answer. */
export const CORS_MAX_AGE_SECONDS = 600;

/**
 * Cross-origin access for the exact origins in CORS_ORIGINS, once for REST and GraphQL alike: an
 * allowed origin gets `Access-Control-Allow-Origin: <that origin>` (never `*`, and no credentials mode:
 * the API takes bearer tokens, not cookies) and its preflights answered with 204; any other origin gets
 * no CORS header at all. A preflight for a path that does not exist stays a 404.
 */
export function installCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    // The answer depends on Origin whenever cross-origin access is on: caches must keep them apart.
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    const preflight = request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
    if (!preflight) {
      reply.header('access-control-expose-headers', EXPOSED_HEADERS);
      return;
    }
    if (request.is404) return;
    return reply
      .code(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(CORS_MAX_AGE_SECONDS))
      .send();
  });
}

/**
 * Whether a WebSocket upgrade from this Origin is accepted: no Origin (not a browser), the service's
 * own origin, or one of CORS_ORIGINS. Browsers do not apply CORS to WebSockets, so the server must.
 */
export function isWebSocketOriginAllowed(origin: string | undefined, host: string | undefined, origins: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (origins.includes(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host;
  } catch {
    return false;
  }
}
