import { randomUUID } from 'node:crypto';
import fastifySwagger from '@fastify/swagger';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Logger as PinoLogger } from 'pino';
import { registerRestApi, type RestApiDeps } from './rest/rest-api.js';
import { registerCaldav } from './caldav/register-caldav.js';
import type { GraphqlDeps } from './graphql/graphql-deps.js';
import { registerGraphql } from './graphql/register-graphql.js';
import { openApiOptions } from './rest/openapi.js';
import { buildLazySerializers } from './rest/serializer-compiler.js';
import { createValidatorCompilers } from './rest/validator-compiler.js';
import type { TrustProxy } from './config.js';
import { installBodyParsers } from './http/body-parsers.js';
import { installCors } from './http/cors.js';
import { installIdleConnectionClosing } from './http/idle-connections.js';
import { answerClientError, answerFrameworkError, MAX_PATH_PARAMETER_LENGTH } from './http/edge-errors.js';
import { installRateLimits } from './http/rate-limit-hook.js';
import { installRequestLog } from './http/request-log.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { packageRoot, registerWebApp } from './http/web-app.js';
import { registerWebAppMissing } from './http/web-app-missing.js';
import { trustFunction } from './http/trust-proxy.js';
import { installIdentification } from './rest/authenticate.js';
import { noMetrics, type TransportMetrics } from './metrics/service-metrics.js';
import type { RateLimiter } from './rate-limit/rate-limiter.js';

export const BODY_LIMIT_BYTES = 64 * 1024;

/** How the HTTP host meets the outside: proxies, browsers on other origins, budgets. */
export interface EdgeOptions {
  trustProxy: TrustProxy;
  corsOrigins: readonly string[];
  /** Origins besides its own that HTML pages may connect to (the OIDC issuer). */
  connectSources: readonly string[];
  /** Absent: no rate limits. */
  rateLimiter?: RateLimiter;
  /** How long a client may take to send a whole request (HTTP_REQUEST_TIMEOUT); then 408. */
  requestTimeoutMs?: number;
}

export interface AppDeps extends RestApiDeps {
  logger: PinoLogger;
  /** Mounts GraphQL at /graphql (absent when only the REST document is wanted, e.g. for OpenAPI). */
  graphql?: Pick<GraphqlDeps, 'events' | 'graphiql' | 'liveConnections'>;
  edge?: EdgeOptions;
  /** The built web app (web/dist) to serve at `/`; absent: `/` says how to build it. */
  webAppRoot?: string;
  /** Where request, GraphQL and rate-limit numbers go; nowhere when absent. */
  transportMetrics?: TransportMetrics;
  /** True once the service shuts down: every answer from then on closes its connection. */
  draining?: () => boolean;
}

const NO_EDGE: EdgeOptions = { trustProxy: false, corsOrigins: [], connectSources: [] };

/** Node's own default for a whole request. */
const DEFAULT_REQUEST_TIMEOUT_MS = 300_000;

type ValidatorFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>['buildValidator'];

const REQUEST_ID = /^[\w\-.:]{1,128}$/;

/** Builds the HTTP host (not listening): REST routes and the OpenAPI document. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const edge = deps.edge ?? NO_EDGE;
  const requestTimeoutMs = edge.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const buildValidator = createValidatorCompilers();
  const app = Fastify({
    requestTimeout: requestTimeoutMs,
    http: {
      // The header block counts against the whole request's time too; Node checks both this often.
      headersTimeout: Math.min(60_000, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.floor(requestTimeoutMs / 4))),
    },
    // Answers made outside the routes (by the router, by Node's HTTP parser) in the {error, message} shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    loggerInstance: deps.logger as FastifyBaseLogger,
    // One line per request, written by installRequestLog, instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustFunction((deps.edge ?? NO_EDGE).trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { maxParamLength: MAX_PATH_PARAMETER_LENGTH },
    // While the service drains, a request that arrives on an open keep-alive connection is still
    // served (with Connection: close), not refused with Fastify's own 503.
    return503OnClosing: false,
    schemaController: {
      compilersFactory: {
        // Receives the schemas added with addSchema, so routes can reference them by $id.
        buildValidator: buildValidator as unknown as ValidatorFactory,
        buildSerializer: buildLazySerializers,
      },
    },
  });
  const draining = deps.draining ?? (() => false);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // A keep-alive client learns with this answer that the connection ends here, instead of sending its
    // next request into a socket that is about to close.
    if (draining()) reply.header('connection', 'close');
  });
  installBodyParsers(app);
  const metrics = deps.transportMetrics ?? noMetrics;
  // Hook order matters: answer preflights first, then identify the caller, count it, authorise it.
  installRequestLog(app, metrics);
  installSecurityHeaders(app, { connectSources: edge.connectSources });
  installCors(app, edge.corsOrigins);
  installIdentification(app, deps.verifier);
  if (edge.rateLimiter) installRateLimits(app, edge.rateLimiter, metrics);
  await app.register(fastifySwagger, openApiOptions);
  await registerRestApi(app, deps);
  await registerCaldav(app, { context: deps.context, metrics, allDayTime: deps.capture.defaultTime, ...(edge.rateLimiter ? { rateLimiter: edge.rateLimiter } : {}) });
  if (deps.graphql) {
    await registerGraphql(app, {
      ...deps,
      ...deps.graphql,
      maxPayloadBytes: BODY_LIMIT_BYTES,
      metrics,
      corsOrigins: edge.corsOrigins,
      rateLimiter: edge.rateLimiter,
      trustProxy: trustFunction(edge.trustProxy),
    });
  }
  if (deps.webAppRoot) await registerWebApp(app, deps.webAppRoot);
  else await registerWebAppMissing(app, packageRoot());
  // After GraphQL's preClose hook, which ends the live streams first.
  installIdleConnectionClosing(app);
  return app;
}
