import type { ServerResponse } from 'node:http';
import { setMaxListeners } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GraphQLError } from 'graphql';
import { AppError, notAcceptable } from '../errors.js';
import { onTokenEnd } from '../auth/on-token-end.js';
import { isWebSocketOriginAllowed } from '../http/cors.js';
import { refuseUpgrade, takeUpgradeSocket } from '../http/upgrade-sockets.js';
import { fillEmptyRefusals } from './empty-refusal.js';
import { registerGraphiqlAssets } from './graphiql-page.js';
import type { GraphqlEngine } from './graphql-engine.js';
import { createGraphqlAuthenticator } from './create-graphql-authenticator.js';
import { GRAPHQL_PATH, type Authenticated, type Credentials, type GraphqlDeps } from './graphql-deps.js';

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

  const authenticate = createGraphqlAuthenticator(deps);

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
          // One reason for every request: a DOMException of its own (its stack captured) cost a list
          // request about 2 % of its CPU, and nothing reads more than its name.
          ended.abort(CLIENT_GONE);
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
          const finished = holdEventStream(req, reply, { onClose, credentials, authenticated, end: () => ended.abort() });
          streams.add(finished);
          void finished.then(() => streams.delete(finished));
        }
        reply.status(response.status);
        // A single result is sent as one string: piping Yoga's body stream through Fastify cost a list
        // request about a fifth of its CPU (bench:profile's CPU per request, graphql-list).
        if (!contentType.startsWith('text/event-stream') && !contentType.startsWith('multipart/')) return reply.send(await response.text());
        return reply.send(response.body);
      },
    });
  });

  routeGraphqlUpgrades(app, deps, loadEngine);

  // Live subscriptions would keep their connections (and so the server) open: end them first.
  app.addHook('preClose', async () => {
    shutdown.abort();
    for (const request of inFlight) request.abort();
    if (engine) await (await engine).dispose();
    await Promise.race([Promise.all(streams), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
  });
}

/** WebSocket upgrades of /graphql go to graphql-ws once their origin passes; any other path's are ended. */
function routeGraphqlUpgrades(app: FastifyInstance, deps: GraphqlDeps, loadEngine: () => Promise<GraphqlEngine>): void {
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

}

interface EventStream {
  /** Runs a function when the response closes (see whenClosed). */
  onClose: (run: () => void) => void;
  credentials: Credentials;
  authenticated: Authenticated | undefined;
  /** Ends the stream (its subscription's signal). */
  end: () => void;
}

/**
 * Keeps an SSE subscription to its connection, its token and its account: logged while it lasts, its
 * connection closed with it, ended when the token (or session, or account) ends. Answers a promise that
 * settles when it is over, for shutdown to wait on.
 */
function holdEventStream(req: FastifyRequest, reply: FastifyReply, { onClose, credentials, authenticated, end }: EventStream): Promise<void> {
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
    const cancel = onTokenEnd(credentials.expiresAt, credentials.stillValid, end);
    onClose(cancel);
  }
  if (authenticated) onClose(authenticated.holdLive(end));
  return new Promise<void>((resolve) => onClose(resolve));
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

/** Why a request's operations are aborted when its response closes (the client is done with it, or gone). */
const CLIENT_GONE = new DOMException('The response is closed', 'AbortError');

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
