import type { ServerResponse } from 'node:http';
import { setMaxListeners } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError } from 'graphql';
import type { Identity } from '../auth/identify-caller.js';
import { AppError, notAcceptable } from '../errors.js';
import { parseBearerToken } from '../auth/bearer-token.js';
import type { LiveConnections } from '../auth/live-connections.js';
import { onTokenEnd } from '../auth/on-token-end.js';
import { TokenRefused } from '../auth/token-refusal.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import type { CaptureDeps } from '../capture/capture-task.js';
import { createContext, type ContextDeps, type ServiceContext } from '../context.js';
import type { FollowDeps } from '../events/follow-events.js';
import { isWebSocketOriginAllowed } from '../http/cors.js';
import { refuseUpgrade, takeUpgradeSocket } from '../http/upgrade-sockets.js';
import type { TrustFunction } from '../http/trust-proxy.js';
import type { Logger } from '../logger.js';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import { requireUser } from '../rest/authenticate.js';
import type { UserDirectory } from '../users/user-directory.js';
import type { WebhookRegistrationDeps } from '../webhooks/webhook-url-policy.js';
import type { PushDeps } from '../push/push-deps.js';
import { fillEmptyRefusals } from './empty-refusal.js';
import { registerGraphiqlAssets } from './graphiql-page.js';
import type { GraphqlEngine } from './graphql-engine.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlDeps {
  verifier: TokenVerifier;
  users: UserDirectory;
  context: ContextDeps;
  /** What subscriptions follow: the outbox (replay, catch-up) and the live event bus. */
  events: FollowDeps;
  /** captureTask's dependencies: the AI provider (if any), local OCR, the default time. */
  capture: CaptureDeps;
  /** The webhook operations' URL policy, the same as REST's. */
  webhooks: WebhookRegistrationDeps;
  /** The push operations' key pair and endpoint policy, the same as REST's. */
  push: PushDeps;
  logger: Logger;
  /** GraphiQL on GET /graphql (from a browser) unless this is a production deployment. */
  graphiql: boolean;
  /** Largest WebSocket message accepted, like the HTTP body limit. */
  maxPayloadBytes: number;
  metrics: TransportMetrics;
  /** Browser origins besides the service's own allowed to open a WebSocket. */
  corsOrigins: readonly string[];
  /** Counts WebSocket connections and each operation started on one (HTTP requests are counted by the host). */
  rateLimiter?: RateLimiter | undefined;
  /** Which proxies name a WebSocket client's address (TRUST_PROXY). */
  trustProxy: TrustFunction;
  /** WebSockets and event streams by user, closed when their account is deleted on any instance. */
  liveConnections: LiveConnections;
}

export interface ServerContext {
  req?: FastifyRequest;
  reply?: FastifyReply;
  /**
   * Set for WebSocket operations (the socket was authenticated once, at connection_init) and for
   * multipart requests (authenticated before Yoga reads the uploads).
   */
  caller?: ServiceContext;
  /** Aborted when the client disconnects, its token expires or the server shuts down. */
  signal?: AbortSignal;
  /** Filled in when the request is authenticated: when its token ends (an event stream ends then). */
  credentials?: Credentials;
}

interface Credentials {
  expiresAt?: Date;
  /** Session tokens: whether the session is still active (a live connection ends when it is revoked). */
  stillValid?: () => Promise<boolean>;
}

export interface Authenticated {
  caller: ServiceContext;
  expiresAt: Date;
  stillValid: Credentials['stillValid'];
  /** Verifies the token again (its session, its account); throws the refusal (a TokenRefused). */
  recheck(): Promise<void>;
  /**
   * Holds a connection that outlives the request (a WebSocket, an event stream) among the live ones:
   * `close` ends it when its account is deleted, here or on another instance. Answers the release.
   */
  holdLive(close: () => void): () => void;
}

export type Authenticate = (identity: Identity | undefined, credential: unknown, logger: Logger) => Promise<Authenticated>;

/**
 * Mounts GraphQL at /graphql on the Fastify host: HTTP (queries, mutations, subscriptions over SSE) via
 * Yoga, and graphql-ws (subscriptions, also queries and mutations) on WebSocket upgrades of the same path.
 */
export async function registerGraphql(app: FastifyInstance, deps: GraphqlDeps): Promise<void> {
  const shutdown = new AbortController();
  // Every live WebSocket operation listens for the shutdown (and stops listening when it ends): ten
  // thousand subscribers are ten thousand listeners, not a leak.
  setMaxListeners(0, shutdown.signal);
  const streams = new Set<Promise<void>>();
  // One abort controller per HTTP request in flight, aborted when its client hangs up, its token ends
  // (an SSE stream) or the service shuts down. Cheaper per request than AbortSignal.any over three.
  const inFlight = new Set<AbortController>();

  /**
   * The caller of an identity the host (or the socket's connection_init) verified already. A session
   * token's connection re-checks its credential (`stillValid`) so a signed-out session ends it.
   */
  const authenticate = async (identity: Identity | undefined, credential: unknown, logger: Logger): Promise<Authenticated> => {
    const { userId, expiresAt, sessionId, accountDeletedAt, issuedAt } = requireUser(identity);
    await deps.users.ensureUser(userId, accountDeletedAt);
    const recheck = async () => void (await deps.verifier.verify(parseBearerToken(credential)));
    const stillValid = sessionId === undefined ? undefined : () => recheck().then(() => true, () => false);
    const holdLive = (close: () => void) => {
      const release = deps.liveConnections.add({ userId, issuedAt, close });
      // A deletion told between the token's check and now found nothing to close: look once more.
      recheck().catch((error: unknown) => {
        if (error instanceof TokenRefused) close();
      });
      return release;
    };
    return { caller: createContext({ ...deps.context, logger }, userId, sessionId), expiresAt, stillValid, recheck, holdLive };
  };

  const authenticatedRequests = new WeakMap<FastifyRequest, Authenticated>();
  // The engine (graphql-js, Yoga, the schema, graphql-ws: about a third of the service's modules and
  // start-up time) loads on the first request or upgrade to /graphql, not when the service starts.
  let engine: Promise<GraphqlEngine> | undefined;
  const loadEngine = (): Promise<GraphqlEngine> =>
    (engine ??= import('./graphql-engine.js').then(({ createGraphqlEngine }) =>
      createGraphqlEngine({ deps, shutdown: shutdown.signal, authenticate }),
    ));

  if (deps.graphiql) await registerGraphiqlAssets(app);

  await app.register(async (scope) => {
    // Multipart bodies are Yoga's to read (the GraphQL multipart request spec): this parser leaves the
    // stream untouched. It lives in this scope only, so REST's /capture keeps @fastify/multipart's.
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));
    // A rate limit's refusal, made before Yoga runs, is answered as a GraphQL error too; anything
    // else (a body Fastify could not parse) goes on to the host's handler, as before.
    scope.setErrorHandler((error, _request, reply) => {
      if (!(error instanceof AppError && error.code === 'request/rate_limited')) throw error;
      return loadEngine().then(({ maskError }) => void sendGraphqlError(reply, maskError(error)));
    });

    fillEmptyRefusals(scope, async (error) => (await loadEngine()).maskError(error));

    scope.route({
      url: GRAPHQL_PATH,
      method: ['GET', 'POST', 'OPTIONS'],
      // Authenticated below (onRequest), so a missing token is answered as a GraphQL error (UNAUTHENTICATED).
      config: { public: true, htmlPolicy: 'graphiql', readsBody: true },
      schema: { hide: true },
      // Every operation needs a valid token before its body is read or its document parsed: an anonymous
      // caller learns nothing about the schema (no validation errors, no "Did you mean"), and cannot make
      // the server buffer a 25 MiB upload just to be told it is unauthenticated. Only GraphiQL's page
      // (and CORS preflights, answered by the host) need none.
      onRequest: async (req, reply) => {
        if (req.method === 'OPTIONS' || (deps.graphiql && isGraphiqlPage(req))) return;
        try {
          authenticatedRequests.set(req, await authenticate(req.identity, req.headers.authorization, req.log));
        } catch (error) {
          // The body is left unread: its connection cannot carry another request.
          if (req.method === 'POST') reply.header('connection', 'close');
          const { maskError, errorCodesOf } = await loadEngine();
          const refusal = maskError(error);
          deps.metrics.graphqlErrors(errorCodesOf({ errors: [refusal] }));
          return sendGraphqlError(reply, refusal);
        }
      },
      handler: async (req, reply) => {
        const { yoga, maskError } = await loadEngine();
        const authenticated = authenticatedRequests.get(req);
        const caller = authenticated?.caller;
        // Yoga does not see a Fastify client hang up, so an SSE subscription would outlive its client.
        const ended = new AbortController();
        if (shutdown.signal.aborted) ended.abort();
        inFlight.add(ended);
        const onClose = whenClosed(reply.raw);
        onClose(() => {
          inFlight.delete(ended);
          ended.abort();
        });
        const signal = ended.signal;
        const credentials: Credentials = authenticated ? { expiresAt: authenticated.expiresAt, stillValid: authenticated.stillValid } : {};
        const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, signal, caller, credentials });
        response.headers.forEach((value, key) => void reply.header(key, value));
        // Yoga refuses a subscription that cannot be streamed with an empty 406: say what to send instead.
        if (response.status === 406 && response.body === null) {
          return sendGraphqlError(reply, maskError(notAcceptable(SUBSCRIPTION_NEEDS_STREAM)));
        }
        // A refused upload is not read to its end; its connection cannot carry another request, and a
        // client still sending would otherwise hold the connection (and shutdown) open.
        if (isMultipart(req) && !req.raw.complete) reply.header('connection', 'close');
        const contentType = response.headers.get('content-type') ?? '';
        // GraphiQL's page whole, so the security headers can allow its inline scripts by their hashes.
        if (contentType.startsWith('text/html')) return reply.status(response.status).send(await response.text());
        if (contentType.startsWith('text/event-stream')) {
          const started = Date.now();
          const userId = req.identity && 'userId' in req.identity ? req.identity.userId : undefined;
          req.log.info({ userId }, 'sse subscription started');
          onClose(() => req.log.info({ userId, ms: Date.now() - started }, 'sse subscription ended'));
          // A stream is never followed by another request on its connection; ending the connection with
          // the stream lets shutdown finish without waiting for the client to drop an idle socket.
          reply.header('connection', 'close');
          reply.raw.once('finish', () => reply.raw.socket?.end());
          // A stream lives no longer than its token (or session): it ends then, and the client reconnects with a new one.
          if (credentials.expiresAt) {
            const cancel = onTokenEnd(credentials.expiresAt, credentials.stillValid, () => ended.abort());
            onClose(cancel);
          }
          if (authenticated) onClose(authenticated.holdLive(() => ended.abort()));
          const finished = new Promise<void>((resolve) => onClose(resolve));
          streams.add(finished);
          void finished.then(() => streams.delete(finished));
        }
        reply.status(response.status);
        return reply.send(response.body);
      },
    });
  });

  app.server.on('upgrade', (request, socket, head) => {
    // A reset from here on (the refusal's write, the engine still loading, ws's handshake) must not go unheard.
    takeUpgradeSocket(socket);
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    if (!isWebSocketOriginAllowed(request.headers.origin, request.headers.host, deps.corsOrigins)) {
      deps.logger.info({ origin: request.headers.origin }, 'websocket refused: origin not allowed');
      refuseUpgrade(socket, 403);
      return;
    }
    loadEngine().then(
      (loaded) => loaded.handleUpgrade(request, socket, head),
      (error: unknown) => {
        deps.logger.error({ err: error }, 'websocket refused: GraphQL could not be loaded');
        socket.destroy();
      },
    );
  });

  // Live subscriptions would keep their connections (and so the server) open: end them first.
  app.addHook('preClose', async () => {
    shutdown.abort();
    for (const request of inFlight) request.abort();
    if (engine) await (await engine).dispose();
    await Promise.race([Promise.all(streams), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  });
}

/** A browser asking for the page (Yoga then renders GraphiQL whatever the query string says). */
function isGraphiqlPage(req: FastifyRequest): boolean {
  return req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
}

/**
 * Runs each function given when the response closes (at once if it has), all from one 'close' listener:
 * Yoga and a stream's pipe add theirs, and past ten Node warns of a leak on every event stream.
 */
function whenClosed(response: ServerResponse): (run: () => void) => void {
  let closed = false;
  const runs: Array<() => void> = [];
  response.once('close', () => {
    closed = true;
    for (const run of runs.splice(0)) run();
  });
  return (run) => (closed ? run() : void runs.push(run));
}

function isMultipart(req: FastifyRequest): boolean {
  return req.method === 'POST' && /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

const SUBSCRIPTION_NEEDS_STREAM =
  'A subscription over HTTP is answered as Server-Sent Events: send it with "Accept: text/event-stream", ' +
  'or subscribe over a WebSocket (graphql-transport-ws) at /graphql';

/** Answers with the error as GraphQL would (its extensions.http gives the status and headers). */
function sendGraphqlError(reply: FastifyReply, error: GraphQLError): FastifyReply {
  const { http, ...extensions } = error.extensions as { http?: { status?: number; headers?: Record<string, string> } };
  for (const [name, value] of Object.entries(http?.headers ?? {})) reply.header(name, value);
  return reply
    .status(http?.status ?? 500)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: error.message, extensions }] });
}
