import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ExecutionArgs, GraphQLError } from 'graphql';
import { CloseCode } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer } from 'ws';
import { identifyCaller } from '../auth/identify-caller.js';
import { onTokenEnd } from '../auth/on-token-end.js';
import { TokenRefused, type RefusalReason } from '../auth/token-refusal.js';
import type { ServiceContext } from '../context.js';
import { clientAddress } from '../http/trust-proxy.js';
import { rateLimited } from '../http/rate-limit-hook.js';
import type { RateLimitState } from '../rate-limit/rate-limiter.js';
import { authorizationParam } from './authorization-param.js';
import type { GraphqlContext } from './graphql-context.js';
import type { Authenticate, GraphqlDeps, ServerContext } from './graphql-deps.js';
import { errorCodesOf } from './metrics-plugin.js';
import { chargeMutationFields, countRootMutationFields, type MutationBudget } from './mutation-budget.js';

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

/** What the WebSocket side shares with Yoga: its schema and plugins (through getEnveloped), its masker. */
export interface WebSocketHost {
  deps: GraphqlDeps;
  /** Aborted when the service shuts down. */
  shutdown: AbortSignal;
  authenticate: Authenticate;
  yoga: YogaServerInstance<ServerContext, GraphqlContext>;
  maskError(error: unknown): GraphQLError;
  /** Each root mutation field's charge against its user's budget; none without a rate limiter. */
  mutationBudget: MutationBudget | undefined;
}

export interface GraphqlWebSockets {
  /** Hands an upgrade request on /graphql (origin already checked) to graphql-ws. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Closes every WebSocket. */
  dispose(): Promise<void>;
}

/**
 * graphql-ws (graphql-transport-ws) on /graphql's WebSocket upgrades: connection_init authenticates the
 * socket once, each operation is rate-limited and re-checked like an HTTP request, then run through Yoga's
 * envelope so both transports share one schema, one set of limits and one error masker.
 */
export function createGraphqlWebSockets({ deps, shutdown, authenticate, yoga, maskError, mutationBudget }: WebSocketHost): GraphqlWebSockets {
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
    handleUpgrade(request, socket, head) {
      sockets.handleUpgrade(request, socket, head, (ws) => sockets.emit('connection', ws, request));
    },
    dispose: async () => {
      await wsServer.dispose();
    },
  };
}
