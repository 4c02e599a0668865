import type { FastifyInstance } from 'fastify';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import { installPathRedactor } from './loggable-path.js';

/** The route label of a request no route matched: raw paths would make unbounded label values. */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * Exactly one log line per answered request (Fastify's own two are turned off): method, route template,
 * path without its query and with its secret segments redacted (the calendar feed's token), status,
 * milliseconds, request id (`reqId`, as in the request's other lines) and the user when a token was verified. Never a header
 * or a token. The same numbers feed http_request_duration_seconds. Install before any route.
 */
export function installRequestLog(app: FastifyInstance, metrics: TransportMetrics): void {
  const redactor = installPathRedactor(app);
  // Every field of the line is chosen above, the path already redacted: the logger's redaction paths
  // (checked against each field, a wildcard among them) have nothing to find here.
  const lines = app.log.child({}, { redact: [] });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const ms = reply.elapsedTime;
    metrics.requestFinished(request.method, route, reply.statusCode, ms / 1000);
    const identity = request.identity;
    lines.info(
      {
        reqId: request.id,
        method: request.method,
        route,
        path: redactor.loggablePath(request.routeOptions.url, request.url),
        status: reply.statusCode,
        ms: Math.round(ms * 10) / 10,
        ...(identity && 'userId' in identity ? { userId: identity.userId } : {}),
      },
      'request',
    );
  });
}
