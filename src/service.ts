import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadOrCreateLocalSigningKey } from './auth/local-signing-key.js';
import { authClientConfig } from './auth/auth-client-config.js';
import { checkIssuer } from './auth/issuer-check.js';
import { createAccountDeletionCache } from './auth/account-deletions.js';
import { createSessionStateCache } from './auth/session-state-cache.js';
import { createTokenVerifier } from './auth/token-verifier.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import type { EventBus } from './events/event-bus.js';
import type { EventHub } from './events/event-hub.js';
import type { OutboxRelay } from './events/outbox-relay.js';
import { createLogger } from './logger.js';
import { createUserDirectory } from './users/user-directory.js';
import { createTaskStore } from './tasks/store/create-task-store.js';
import { createOpenAiCaptureAi } from './capture/ai/openai-capture-ai.js';
import { createLocalOcr } from './capture/recognize-image-text.js';
import { listsToAddTo } from './lists/lists-to-add-to.js';
import type { EventNotifier } from './events/event-notifier.js';
import type pino from 'pino';
import { createWriteProbe } from './db/write-probe.js';
import { readOutboxBacklog } from './events/outbox-backlog.js';
import { createPrometheusMetrics } from './metrics/prometheus-metrics.js';
import { createMemoryCounterStore, createRedisCounterStore } from './rate-limit/counter-store.js';
import { createRateLimiter } from './rate-limit/rate-limiter.js';
import { countPendingDeliveries } from './webhooks/count-pending-deliveries.js';
import { countPendingEmails } from './email/count-pending-emails.js';
import { findWebAppBuild } from './http/web-app.js';
import type { ResolveHost } from './webhooks/webhook-url-policy.js';
import { closeService } from './startup/close-service.js';
import { createBackgroundJobs } from './startup/create-background-jobs.js';
import { migrateDatabase } from './startup/migrate-database.js';
import { startDeliveryChannels } from './startup/start-delivery-channels.js';
import { startLiveEvents } from './startup/start-live-events.js';

export interface RunningService {
  app: FastifyInstance;
  database: Database;
  /** Live events, as published from the outbox. */
  eventHub: EventHub;
  /** What GraphQL subscriptions listen to: every event, from this instance or (with Redis) any other. */
  eventBus: EventBus;
  /** Publishes committed outbox events (tests stop it to make a backlog). */
  relay: Pick<OutboxRelay, 'start' | 'stop'>;
  /** Base URL the service listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  clock?: Clock;
  logDestination?: pino.DestinationStream;
  /** Told every SQL statement the service sends (tests count statements). */
  onDatabaseQuery?: (sql: string) => void;
  /** How webhook URL hosts are resolved (tests stand in for DNS); the system resolver by default. */
  resolveHost?: ResolveHost;
}

/** The composition root: every long-lived dependency is created here and passed down. */
export async function startService(config: Config, options: StartServiceOptions = {}): Promise<RunningService> {
  const logger = createLogger(config.logLevel, options.logDestination, config.logFormat);
  logger.info({ database: config.database.provider, authMode: config.auth.mode, redis: Boolean(config.redisUrl) }, 'starting');
  // OIDC: a wrong AUTH_ISSUER stops start-up here; an unreachable issuer is retried in the background.
  const issuer = await checkIssuer({ auth: config.auth, logger });
  await migrateDatabase(config.database, logger);
  const localKey = config.auth.mode === 'local' ? await loadOrCreateLocalSigningKey(config.dataDir) : undefined;
  const database = await openDatabase(config.database, {
    onQuery: options.onDatabaseQuery,
    onPoolError: (error) => logger.warn({ err: error }, 'database connection dropped'),
    sqliteBusyTimeoutMs: config.sqliteBusyTimeoutMs,
  });
  logger.info('database opened');
  const clock = options.clock ?? systemClock;
  // One registry per service (no global one); domain code sees only the ServiceMetrics calls.
  const metrics = createPrometheusMetrics({
    backlog: {
      outbox: () => readOutboxBacklog(database.db),
      pendingWebhookDeliveries: () => countPendingDeliveries(database.db),
      pendingEmailDeliveries: () => countPendingEmails(database.db),
    },
    now: () => clock.now(),
    logger,
  });
  const counters = config.redisUrl
    ? await createRedisCounterStore(config.redisUrl, config.rateLimits.keyPrefix, logger)
    : createMemoryCounterStore();
  const rateLimiter = createRateLimiter(config.rateLimits, counters, logger);
  // Session tokens are checked against the database, at most once per session per few seconds.
  const sessionStates = createSessionStateCache({ db: database.db });
  const sessionsRevoked = (ids: string[]) => sessionStates.revoked(ids);
  // Tokens of deleted accounts (DELETE /me) are refused the same way, read at most once per user per few seconds.
  const accountDeletions = createAccountDeletionCache({ db: database.db });
  const users = createUserDirectory(database.db);
  const { eventHub, eventBus, relay, liveConnections, accountDeleted } = await startLiveEvents({
    config,
    database,
    logger,
    users,
    deletions: accountDeletions,
  });
  const events: EventNotifier = {
    eventsRecorded: () => {
      relay.wake();
      webhooks.wake();
      push.wake();
      email.wake();
    },
  };
  const delivery = startDeliveryChannels({ config, database, logger, clock, metrics, resolveHost: options.resolveHost, onEventsRecorded: () => events.eventsRecorded() });
  const { webhooks, push, email } = delivery;
  const context = { db: database.db, clock, logger, events, store: createTaskStore(database.raw), sessionsRevoked, accountDeleted, publicUrl: config.publicUrl };
  const reminders = createBackgroundJobs({
    config,
    database,
    logger,
    clock,
    metrics,
    onEventsRecorded: events.eventsRecorded,
    sweepDeliveries: delivery.sweep,
    ...(delivery.emailDeps.enabled ? { digests: { context, publicUrl: config.publicUrl, logger, onQueued: () => email.wake() } } : {}),
  });
  // Set at the first moment of close(): /readyz answers 503 and every answer closes its connection.
  let draining = false;
  // The OCR worker starts on the first image, not here.
  const ocr = createLocalOcr();
  const captureAi = config.capture.ai ? createOpenAiCaptureAi({ config: config.capture.ai, timeoutMs: config.capture.aiTimeoutMs }) : null;
  const app = await buildApp({
    logger,
    verifier: createTokenVerifier({ auth: config.auth, localKey, sessions: sessionStates, deletions: accountDeletions }),
    edge: {
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      connectSources: config.auth.mode === 'oidc' ? [new URL(config.auth.issuer).origin] : [],
      rateLimiter,
      requestTimeoutMs: config.httpRequestTimeoutMs,
    },
    transportMetrics: metrics,
    webAppRoot: findWebAppBuild(),
    metrics,
    metricsToken: config.metricsToken,
    users,
    context,
    checkWrites: createWriteProbe(database, config.database, () => clock.now()).check,
    unready: () => {
      if (draining) return 'Shutting down: this instance takes no new work';
      if (!issuer.reachable()) return 'auth: unavailable (the identity provider has not been reached yet)';
      return null;
    },
    draining: () => draining,
    capture: { ai: captureAi, ocr, defaultTime: config.capture.defaultTime, lists: listsToAddTo },
    publicKeys: localKey ? [localKey.publicJwk] : [],
    graphql: {
      events: {
        db: database.db,
        provider: database.provider,
        bus: eventBus,
        retentionMs: config.retention.eventRetentionMs,
        logger,
      },
      graphiql: !config.production,
      liveConnections,
    },
    webhooks: { urlPolicy: delivery.urlPolicy },
    push: delivery.pushDeps,
    email: delivery.emailDeps,
    signIn: {
      sessions: localKey
        ? { db: database.db, clock, logger, key: localKey, config: config.auth.sessions, sessionsRevoked }
        : undefined,
      clientConfig: authClientConfig(config.auth, { voice: captureAi !== null, push: config.push.contact !== null, email: config.mail.smtpUrl !== null }),
    },
  });
  relay.start();
  webhooks.start();
  push.start();
  email.start();
  await reminders.start();
  logger.info('background work started: outbox relay, webhook dispatcher, push dispatcher, reminder scheduler');
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    database,
    eventHub,
    eventBus,
    relay,
    url: `http://${host}:${port}`,
    async close() {
      draining = true;
      issuer.stop();
      const parts = { app, reminders, webhooks, push, email, ocr, relay, eventBus, rateLimiter, database };
      await closeService(parts, logger, config.shutdownTimeoutMs);
    },
  };
}
