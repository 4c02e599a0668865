import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import { createYoga, type Plugin, type YogaInitialContext } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { parseBearerToken } from '../auth/bearer-token.js';
import { onExpiry } from '../auth/on-expiry.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import { CAPTURE_MULTIPART_MAX_BYTES } from '../capture/capture-limits.js';
import type { CaptureDeps } from '../capture/capture-task.js';
import { createContext, type ContextDeps, type ServiceContext } from '../context.js';
import type { EventBus } from '../events/event-bus.js';
import type { Logger } from '../logger.js';
import type { UserDirectory } from '../users/user-directory.js';
import type { WebhookRegistrationDeps } from '../webhooks/webhook-url-policy.js';
import type { GraphqlContext } from './graphql-context.js';
import { GRAPHQL_LIMITS } from './builder.js';
import { depthLimitRule } from './depth-limit.js';
import { createErrorMasker } from './mask-error.js';
import { schema } from './schema/index.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlDeps {
  verifier: TokenVerifier;
  users: UserDirectory;
  context: ContextDeps;
  events: EventBus;
  /** captureTask's dependencies: the AI provider (if any), local OCR, the default time. */
  capture: CaptureDeps;
  /** The webhook operations' URL policy, the same as REST's. */
  webhooks: WebhookRegistrationDeps;
  logger: Logger;
  /** GraphiQL on GET /graphql (from a browser) unless this is a production deployment. */
  graphiql: boolean;
  /** Largest WebSocket message accepted, like the HTTP body limit. */
  maxPayloadBytes: number;
}

interface ServerContext {
  req?: FastifyRequest;
  reply?: FastifyReply;
  /**
   * Set for WebSocket operations (the socket was authenticated once, at connection_init) and for
   * multipart requests (authenticated before Yoga reads the uploads).
   */
  caller?: ServiceContext;
  /** Aborted when the client disconnects, its token expires or the server shuts down. */
  signal?: AbortSignal;
  /** Filled in when the request is authenticated: when its token expires (an event stream ends then). */
  credentials?: { expiresAt?: Date };
}

interface Authenticated {
  caller: ServiceContext;
  expiresAt: Date;
}

/**
 * Mounts GraphQL at /graphql on the Fastify host: HTTP (queries, mutations, subscriptions over SSE) via
 * Yoga, and graphql-ws (subscriptions, also queries and mutations) on WebSocket upgrades of the same path.
 */
export async function registerGraphql(app: FastifyInstance, deps: GraphqlDeps): Promise<void> {
  const shutdown = new AbortController();
  const streams = new Set<Promise<void>>();

  const authenticate = async (header: unknown, where: string, logger: Logger): Promise<Authenticated> => {
    const { userId, expiresAt } = await deps.verifier.verify(parseBearerToken(header, where));
    await deps.users.ensureUser(userId);
    return { caller: createContext({ ...deps.context, logger }, userId), expiresAt };
  };

  const callerOf = async (initial: YogaInitialContext & ServerContext): Promise<ServiceContext> => {
    if (initial.caller) return initial.caller;
    const header = initial.request.headers.get('authorization') ?? undefined;
    const { caller, expiresAt } = await authenticate(header, 'the Authorization header', initial.req?.log ?? deps.logger);
    if (initial.credentials) initial.credentials.expiresAt = expiresAt;
    return caller;
  };

  const maskError = createErrorMasker(deps.logger);
  const depthLimit: Plugin = { onValidate: ({ addValidationRule }) => addValidationRule(depthLimitRule(GRAPHQL_LIMITS.depth)) };
  const yoga = createYoga<ServerContext, GraphqlContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: deps.graphiql ? { title: 'Tickler GraphQL', subscriptionsProtocol: 'WS' } : false,
    landingPage: false,
    // GraphQL multipart requests (captureTask's upload): Yoga reads the whole body, at most the largest
    // upload REST accepts; the capture service then applies each kind's own limit and type checks.
    multipart: true,
    maxRequestBodySize: CAPTURE_MULTIPART_MAX_BYTES,
    maskedErrors: { maskError },
    plugins: [depthLimit],
    logging: {
      debug: (...args) => deps.logger.debug({ args }, 'yoga'),
      info: (...args) => deps.logger.info({ args }, 'yoga'),
      warn: (...args) => deps.logger.warn({ args }, 'yoga'),
      // Errors in results are already logged (5xx) or expected (4xx) by the error masker.
      error: (...args) => deps.logger.debug({ args }, 'yoga'),
    },
    context: async (initial: YogaInitialContext & ServerContext) => ({
      caller: await callerOf(initial),
      events: deps.events,
      capture: deps.capture,
      webhooks: deps.webhooks,
      signal: initial.signal ?? shutdown.signal,
    }),
  });

  await app.register(async (scope) => {
    // Multipart bodies are Yoga's to read (the GraphQL multipart request spec): this parser leaves the
    // stream untouched. It lives in this scope only, so REST's /capture keeps @fastify/multipart's.
    scope.addContentTypeParser('multipart/form-data', (_request, _payload, done) => done(null, undefined));

    scope.route({
      url: GRAPHQL_PATH,
      method: ['GET', 'POST', 'OPTIONS'],
      // Yoga authenticates itself, so a missing token is answered as a GraphQL error (UNAUTHENTICATED).
      config: { public: true },
      schema: { hide: true },
      handler: async (req, reply) => {
        // Uploads are only read for a caller with a valid token: an anonymous client cannot make the
        // server buffer a 25 MiB body just to be told it is unauthenticated.
        let caller: ServiceContext | undefined;
        if (isMultipart(req)) {
          try {
            ({ caller } = await authenticate(req.headers.authorization, 'the Authorization header', req.log));
          } catch (error) {
            return refuseUnread(reply, maskError(error) as GraphQLError);
          }
        }
        // Yoga does not see a Fastify client hang up, so an SSE subscription would outlive its client.
        const disconnected = new AbortController();
        reply.raw.once('close', () => disconnected.abort());
        const expired = new AbortController();
        const signal = AbortSignal.any([shutdown.signal, disconnected.signal, expired.signal]);
        const credentials: { expiresAt?: Date } = {};
        const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply, signal, caller, credentials });
        response.headers.forEach((value, key) => void reply.header(key, value));
        // A refused upload is not read to its end; its connection cannot carry another request, and a
        // client still sending would otherwise hold the connection (and shutdown) open.
        if (caller && !req.raw.complete) reply.header('connection', 'close');
        if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
          // A stream is never followed by another request on its connection; ending the connection with
          // the stream lets shutdown finish without waiting for the client to drop an idle socket.
          reply.header('connection', 'close');
          reply.raw.once('finish', () => reply.raw.socket?.end());
          // A stream lives no longer than its token: it ends then, and the client reconnects with a new one.
          if (credentials.expiresAt) {
            const cancel = onExpiry(credentials.expiresAt, () => expired.abort());
            reply.raw.once('close', cancel);
          }
          const finished = new Promise<void>((resolve) => reply.raw.once('close', () => resolve()));
          streams.add(finished);
          void finished.then(() => streams.delete(finished));
        }
        reply.status(response.status);
        return reply.send(response.body);
      },
    });
  });

  const sockets = new WebSocketServer({ noServer: true, maxPayload: deps.maxPayloadBytes });
  const wsServer = useServer<Record<string, unknown>, { caller: ServiceContext }>(
    {
      connectionInitWaitTimeout: 5_000,
      onConnect: async (ctx) => {
        try {
          const { caller, expiresAt } = await authenticate(
            ctx.connectionParams?.authorization,
            'connectionParams.authorization',
            deps.logger,
          );
          ctx.extra.caller = caller;
          // The socket lives no longer than its token: 4401, like a refused connection_init, tells the
          // client to reconnect with a new one.
          const cancel = onExpiry(expiresAt, () => ctx.extra.socket.close(CloseCode.Unauthorized, 'Token expired'));
          ctx.extra.socket.once('close', cancel);
          return true;
        } catch {
          // 4401 (not graphql-ws's default 4403 Forbidden): the client should get a new token, not give up.
          ctx.extra.socket.close(CloseCode.Unauthorized, 'Unauthorized');
          return false;
        }
      },
      onSubscribe: async (ctx, _id, payload) => {
        const enveloped = yoga.getEnveloped({
          caller: ctx.extra.caller,
          signal: shutdown.signal,
          params: payload,
          request: undefined as never,
        });
        let document;
        try {
          document = enveloped.parse(payload.query);
        } catch (error) {
          return [error as GraphQLError];
        }
        const errors = enveloped.validate(enveloped.schema, document);
        if (errors.length > 0) return errors;
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

  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== GRAPHQL_PATH) {
      socket.destroy();
      return;
    }
    sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
  });

  // Sockets that never carried a request. Node's server.close() waits for them until its headers
  // timeout (a minute); a client that opened one beside its event stream would hold shutdown that long.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));

  // Live subscriptions would keep their connections (and so the server) open: end them first.
  app.addHook('preClose', async () => {
    shutdown.abort();
    await wsServer.dispose();
    await Promise.race([Promise.all(streams), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
    for (const socket of unused) socket.destroy();
  });
}

function isMultipart(req: FastifyRequest): boolean {
  return req.method === 'POST' && /^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '');
}

/** Answers a request whose body was not read with the error as GraphQL would, and closes the connection. */
function refuseUnread(reply: FastifyReply, error: GraphQLError): FastifyReply {
  const { http, ...extensions } = error.extensions as { http?: { status?: number; headers?: Record<string, string> } };
  reply.header('connection', 'close');
  for (const [name, value] of Object.entries(http?.headers ?? {})) reply.header(name, value);
  return reply
    .status(http?.status ?? 500)
    .type('application/json; charset=utf-8')
    .send({ errors: [{ message: error.message, extensions }] });
}
