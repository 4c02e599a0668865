import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { createYoga, type Plugin, type YogaInitialContext, type YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { identifyCaller } from '../auth/identify-caller.js';
import { onTokenEnd } from '../auth/on-token-end.js';
import { TokenRefused, type RefusalReason } from '../auth/token-refusal.js';
import { CAPTURE_MULTIPART_MAX_BYTES } from '../capture/capture-limits.js';
import type { ServiceContext } from '../context.js';
import { clientAddress } from '../http/trust-proxy.js';
import { rateLimited } from '../http/rate-limit-hook.js';
import type { RateLimitState } from '../rate-limit/rate-limiter.js';
import type { GraphqlContext } from './graphql-context.js';
import { GRAPHQL_LIMITS } from './builder.js';
import { depthLimitRule } from './depth-limit.js';
import { createErrorMasker } from './mask-error.js';
import { PARSER_LIMITS, parserLimitsPlugin } from './parser-limits.js';
import { authorizationParam } from './authorization-param.js';
import { renderGraphiqlPage } from './graphiql-page.js';
import { errorCodesOf, graphqlMetricsPlugin } from './metrics-plugin.js';
import { chargeMutationFields, countRootMutationFields, mutationBudgetPlugin, type MutationBudget } from './mutation-budget.js';
import { GRAPHQL_PATH, type Authenticate, type GraphqlDeps, type ServerContext } from './register-graphql.js';
import { schema } from './schema/index.js';
import { useSseEventIds, type DeliveredEvent } from './sse-event-ids.js';

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
export interface GraphqlEngine {
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  /** Any error as the GraphQL error a client sees (see mask-error.ts). */
  maskError(error: unknown): GraphQLError;
  /** The extensions.code of each error of a result, for graphql_errors_total. */
  errorCodesOf(result: unknown): string[];
  /** Hands an upgrade request on /graphql (origin already checked) to graphql-ws. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every WebSocket. */
  dispose(): Promise<void>;
}

/** graphql-ws has no close code for a rate limit; 4429 says the same as HTTP's 429. */
const CLOSE_RATE_LIMITED = 4429;

/** The reason of a 4401 close, by why the socket's token no longer passes. */
const CLOSE_REASONS: Partial<Record<RefusalReason, string>> = {
  expired: 'Token expired',
  'signed out': 'Signed out',
  'account deleted': 'Account deleted',
};

/** What graphql-ws keeps per socket once connection_init was accepted. */
type SocketExtra = {
  caller: ServiceContext;
  userId?: string;
  /** Verifies the socket's token again, as each HTTP request is (throws its refusal). */
  recheck?: () => Promise<void>;
};

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
        delivered,
        capture: deps.capture,
        webhooks: deps.webhooks,
        push: deps.push,
        signal: initial.signal ?? shutdown,
      };
    },
  });

  /** Counts one hit; the refusal to send when it is over budget. */
  const overBudget = async (scope: 'user' | 'address', id: string): Promise<RateLimitState | undefined> => {
    const state = await deps.rateLimiter?.hit(scope, id);
    if (!state || state.allowed) return undefined;
    deps.metrics.rateLimited(state.scope);
    return state;
  };

  const sockets = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes });
  const wsServer = useServer<Record<string, unknown>, SocketExtra>(
    {
      connectionInitWaitTimeout: 5_000,
      onConnect: async (ctx) => {
        const address = clientAddress(ctx.extra.request, deps.trustProxy);
        const credential = authorizationParam(ctx.connectionParams);
        const identity = await identifyCaller(deps.verifier, credential, 'connectionParams.authorization', deps.logger);
        // A connection counts like a request: against its user's budget, or its address's without a valid token.
        const refusedBy = await overBudget('userId' in identity ? 'user' : 'address', 'userId' in identity ? identity.userId : address);
        if (refusedBy) {
          ctx.extra.socket.close(CLOSE_RATE_LIMITED, rateLimited(refusedBy, deps.rateLimiter!.windowSeconds).message.slice(0, 120));
          return false;
        }
        try {
          const authenticated = await authenticate(identity, credential, deps.logger);
          const { caller, expiresAt, stillValid } = authenticated;
          ctx.extra.caller = caller;
          ctx.extra.userId = caller.userId;
          ctx.extra.recheck = authenticated.recheck;
          deps.logger.info({ userId: caller.userId, address }, 'websocket connected');
          // The socket lives no longer than its token, its session or its account: 4401, like a refused
          // connection_init, tells the client to reconnect with a new token (or sign in again).
          const cancel = onTokenEnd(expiresAt, stillValid, (why) =>
            ctx.extra.socket.close(CloseCode.Unauthorized, why === 'expired' ? 'Token expired' : 'Signed out'),
          );
          const release = authenticated.holdLive(() => ctx.extra.socket.close(CloseCode.Unauthorized, CLOSE_REASONS['account deleted']));
          ctx.extra.socket.once('close', () => {
            cancel();
            release();
          });
          return true;
        } catch {
          // 4401 (not graphql-ws's default 4403 Forbidden): the client should get a new token, not give up.
          ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
      },
      onClose: (ctx, code, reason) => {
        deps.logger.info({ userId: ctx.extra.userId, code, reason: reason || undefined }, 'websocket closed');
      },
      onError: (_ctx, _id, _payload, errors) => {
        deps.metrics.graphqlErrors(errorCodesOf({ errors }));
      },
      onNext: (_ctx, _id, _payload, _args, result) => {
        const codes = errorCodesOf(result);
        if (codes.length > 0) deps.metrics.graphqlErrors(codes);
      },
      onSubscribe: async (ctx, _id, payload) => {
        // Each operation started on a socket counts as one request of its user.
        // (The socket was acknowledged, so its caller is known.)
        const refusedBy = await overBudget('user', ctx.extra.caller!.userId);
        if (refusedBy) return [maskError(rateLimited(refusedBy, deps.rateLimiter!.windowSeconds))];
        // Each operation is checked like an HTTP request: a token whose session ended or whose account
        // was deleted since connection_init runs nothing (the socket is closed after the refusal is sent).
        try {
          await ctx.extra.recheck!();
        } catch (error) {
          if (error instanceof TokenRefused) {
            const reason = CLOSE_REASONS[error.reason] ?? 'Unauthorized';
            setImmediate(() => ctx.extra.socket.close(CloseCode.Unauthorized, reason));
          }
          return [maskError(error)];
        }
        const enveloped = yoga.getEnveloped({
          caller: ctx.extra.caller,
          signal: shutdown,
          params: payload,
          request: undefined as never,
        });
        let document;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [maskError(error)];
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
        if (mutationBudget) {
          const fields = countRootMutationFields(document, payload.operationName);
          const { refusal } = await chargeMutationFields(mutationBudget, ctx.extra.caller!.userId, fields);
          if (refusal) return [maskError(refusal)];
        }
        const args: ExecutionArgs = {
          schema: enveloped.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue: await enveloped.contextFactory(),
          rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe },
        };
        return args;
      },
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => never }).execute(args),
      subscribe: (args) => (args.rootValue as { subscribe: (a: ExecutionArgs) => never }).subscribe(args),
    },
    sockets,
  );

  return {
    yoga,
    maskError,
    errorCodesOf,
    handleUpgrade(request, socket, head) {
      sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
    },
    dispose: async () => {
      await wsServer.dispose();
    },
  };
}
