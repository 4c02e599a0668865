import type { GraphQLError } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createYoga, type Plugin, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
import { CAPTURE_MULTIPART_MAX_BYTES } from '../capture/capture-limits.js';
import type { ServiceContext } from '../context.js';
import type { GraphqlContext } from './graphql-context.js';
import { GRAPHQL_LIMITS } from './builder.js';
import { depthLimitRule } from './depth-limit.js';
import { createErrorMasker } from './mask-error.js';
import { PARSER_LIMITS, parserLimitsPlugin } from './parser-limits.js';
import { renderGraphiqlPage } from './graphiql-page.js';
import { errorCodesOf, graphqlMetricsPlugin } from './metrics-plugin.js';
import { mutationBudgetPlugin, type MutationBudget } from './mutation-budget.js';
import { GRAPHQL_PATH, type Authenticate, type GraphqlDeps, type ServerContext } from './graphql-deps.js';
import { schema } from './schema/index.js';
import { useSseEventIds, type DeliveredEvent } from './sse-event-ids.js';
import { createGraphqlWebSockets, type GraphqlWebSockets } from './graphql-websockets.js';

/** What the host (register-graphql.ts) gives the engine. */
export interface EngineHost {
  deps: GraphqlDeps;
  /** Aborted when the service shuts down: ends live subscriptions. */
  shutdown: AbortSignal;
  /** The caller of an identity the host or a socket's connection_init verified. */
  authenticate: Authenticate;
}

/**
 * The GraphQL execution side of /graphql: Yoga (HTTP, SSE), graphql-ws on WebSocket upgrades, the schema
 * and the error masker. register-graphql.ts loads it on the first request or upgrade to /graphql, so a
 * service start does not load graphql-js, Yoga, Pothos and graphql-ws nor build the schema.
 */
export interface GraphqlEngine extends GraphqlWebSockets {
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  /** Any error as the GraphQL error a client sees (see mask-error.ts). */
  maskError(error: unknown): GraphQLError;
  /** The extensions.code of each error of a result, for graphql_errors_total. */
  errorCodesOf(result: unknown): string[];
}

export function createGraphqlEngine({ deps, shutdown, authenticate }: EngineHost): GraphqlEngine {
  const callerOf = async (initial: YogaInitialContext & ServerContext): Promise<ServiceContext> => {
    if (initial.caller) return initial.caller;
    // The host verified the request's token already (installIdentification).
    const header = initial.request.headers.get('authorization') ?? undefined;
    const { caller, expiresAt, stillValid } = await authenticate(initial.req?.identity, header, initial.req?.log ?? deps.logger);
    if (initial.credentials) Object.assign(initial.credentials, { expiresAt, stillValid });
    return caller;
  };

  const maskError = createErrorMasker(deps.logger) as (error: unknown) => GraphQLError;
  // Per HTTP request: which event its subscription delivered last, for SSE's id: lines.
  const deliveredByRequest = new WeakMap<Request, DeliveredEvent>();
  const depthLimit: Plugin = { onValidate: ({ addValidationRule }) => addValidationRule(depthLimitRule(GRAPHQL_LIMITS.depth)) };
  // Each root mutation field counts against its user's budget (40 aliased creates are 40 requests).
  const mutationBudget: MutationBudget | undefined = deps.rateLimiter ? { limiter: deps.rateLimiter, metrics: deps.metrics } : undefined;
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: deps.graphiql ? { title: 'Tickler GraphQL' } : false,
    // GraphiQL's files come from this service (src/graphql/graphiql-page.ts), not from a CDN.
    renderGraphiQL: () => renderGraphiqlPage({ title: 'Tickler GraphQL', endpoint: GRAPHQL_PATH }),
    landingPage: false,
    // The host answers CORS once for REST and GraphQL (src/http/cors.ts); Yoga's own would echo any origin.
    cors: false,
    // GraphQL multipart requests (captureTask's upload): Yoga reads the whole body, at most the largest
    // upload REST accepts; the capture service then applies each kind's own limit and type checks.
    multipart: true,
    maxRequestBodySize: CAPTURE_MULTIPART_MAX_BYTES,
    maskedErrors: { maskError },
    plugins: [
      parserLimitsPlugin(PARSER_LIMITS),
      depthLimit,
      useSseEventIds((request) => deliveredByRequest.get(request)),
      ...(mutationBudget ? [mutationBudgetPlugin(mutationBudget, (error) => maskError(error))] : []),
      graphqlMetricsPlugin(deps.metrics),
      useGraphQlJit(),
    ],
    logging: {
      debug: (...args) => deps.logger.debug({ args }, 'yoga'),
      info: (...args) => deps.logger.info({ args }, 'yoga'),
      warn: (...args) => deps.logger.warn({ args }, 'yoga'),
      // Errors in results are already logged (5xx) or expected (4xx) by the error masker.
      error: (...args) => deps.logger.debug({ args }, 'yoga'),
    },
    context: async (initial: YogaInitialContext & ServerContext) => {
      const caller = await callerOf(initial);
      // WebSocket operations have no request: their clients resume with the `after` argument.
      const request = initial.request as Request | undefined;
      const delivered: DeliveredEvent = {};
      if (request) deliveredByRequest.set(request, delivered);
      return {
        caller,
        events: deps.events,
        lastEventId: request?.headers.get('last-event-id') || undefined,
        idempotencyKey: request?.headers.get('idempotency-key') ?? undefined,
        acceptLanguage: request?.headers.get('accept-language') ?? undefined,
        delivered,
        capture: deps.capture,
        webhooks: deps.webhooks,
        push: deps.push,
        email: deps.email,
        signal: initial.signal ?? shutdown,
      };
    },
  });

  const sockets = createGraphqlWebSockets({ deps, shutdown, authenticate, yoga, maskError, mutationBudget });

  return {
    yoga,
    maskError,
    errorCodesOf,
    handleUpgrade: sockets.handleUpgrade,
    dispose: sockets.dispose,
  };
}
