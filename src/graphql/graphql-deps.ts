import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/identify-caller.js';
import type { LiveConnections } from '../auth/live-connections.js';
import type { TokenVerifier } from '../auth/token-verifier.js';
import type { CaptureDeps } from '../capture/capture-task.js';
import type { ContextDeps, ServiceContext } from '../context.js';
import type { FollowDeps } from '../events/follow-events.js';
import type { TrustFunction } from '../http/trust-proxy.js';
import type { Logger } from '../logger.js';
import type { TransportMetrics } from '../metrics/service-metrics.js';
import type { PushDeps } from '../push/push-deps.js';
import type { EmailDeps } from '../email/email-deps.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { UserDirectory } from '../users/user-directory.js';
import type { WebhookRegistrationDeps } from '../webhooks/webhook-url-policy.js';

// What the host (register-graphql.ts, loaded at start-up) and the engine (graphql-engine.ts, loaded on
// the first request to /graphql) share: the path, the dependencies, and the shape of an authenticated caller.

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
  /** Whether email is on, and where its links point (PATCH /me's and updateMe's address). */
  email: EmailDeps;
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

export interface Credentials {
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
