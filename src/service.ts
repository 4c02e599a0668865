import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadOrCreateLocalSigningKey } from './auth/local-signing-key.js';
import { authClientConfig } from './auth/auth-client-config.js';
import { checkIssuer } from './auth/issuer-check.js';
import { createAccountDeletionCache } from './auth/account-deletions.js';
import { followAccountDeletions } from './auth/follow-account-deletions.js';
import { createLiveConnections } from './auth/live-connections.js';
import { createSessionStateCache } from './auth/session-state-cache.js';
import { createTokenVerifier } from './auth/token-verifier.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { applyMigrations } from './db/migrate.js';
import { createLogger } from './logger.js';
import { createUserDirectory } from './users/user-directory.js';
import { createTaskStore } from './tasks/store/task-store.js';
import { createOpenAiCaptureAi } from './capture/ai/openai-capture-ai.js';
import { createLocalOcr } from './capture/recognize-image-text.js';
import { createEventHub, type EventHub } from './events/event-hub.js';
import { createEventBus, type EventBus, type LiveEvent } from './events/event-bus.js';
import type { EventNotifier } from './events/event-notifier.js';
import { createOutboxRelay, type OutboxRelay } from './events/outbox-relay.js';
import { createReminderScheduler, jobsLocationFor } from './reminders/reminder-scheduler.js';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { DELIVER_WEBHOOKS, defineDeliverWebhooksJob } from './webhooks/jobs/deliver-webhooks.js';
import { definePruneHistoryJob, PRUNE_HISTORY } from './retention/prune-history-job.js';
import { resolveWithSystem, type ResolveHost } from './webhooks/webhook-url-policy.js';
import type pino from 'pino';
import { createWriteProbe } from './db/write-probe.js';
import { readOutboxBacklog } from './events/outbox-backlog.js';
import { createPrometheusMetrics } from './metrics/prometheus-metrics.js';
import { createMemoryCounterStore, createRedisCounterStore } from './rate-limit/counter-store.js';
import { createRateLimiter } from './rate-limit/rate-limiter.js';
import { countPendingDeliveries } from './webhooks/count-pending-deliveries.js';
import { findWebAppBuild } from './http/web-app.js';
import { loadOrCreateVapidKeys } from './push/vapid-keys.js';
import { createPushDispatcher, idlePushDispatcher } from './push/push-dispatcher.js';
import { createPushFanOut } from './push/fan-out-push.js';

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
  const migrations = await applyMigrations(config.database);
  if (migrations.applied.length > 0) logger.info({ applied: migrations.applied }, 'migrations applied');
  if (migrations.modified.length > 0) {
    logger.warn({ modified: migrations.modified }, 'applied migrations were modified after they were applied');
  }
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
    backlog: { outbox: () => readOutboxBacklog(database.db), pendingWebhookDeliveries: () => countPendingDeliveries(database.db) },
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
  const eventHub = createEventHub();
  // Each event is published once, by whichever instance's relay claims it; Redis (REDIS_URL) then
  // carries it to the subscribers of every instance.
  const eventBus = await createEventBus({ redisUrl: config.redisUrl, logger });
  // WebSockets and event streams: an account deletion on any instance closes those of its old tokens.
  const liveConnections = createLiveConnections();
  const accountDeleted = followAccountDeletions({ db: database.db, logger, bus: eventBus, deletions: accountDeletions, users, live: liveConnections });
  const relaySink = {
    async publish(live: LiveEvent) {
      eventHub.publish(live.event);
      await eventBus.publish(live);
    },
  };
  const relay = createOutboxRelay({ db: database.db, provider: database.provider, sink: relaySink, logger });
  const webhookPolicy = { allowInsecure: config.webhooks.allowInsecure, resolve: options.resolveHost ?? resolveWithSystem };
  const vapidKeys = loadOrCreateVapidKeys(config.dataDir, config.push.vapidKeys);
  const pushContact = config.push.contact;
  if (pushContact === null) logger.warn({ setting: 'PUSH_CONTACT' }, config.push.offReason);
  // Push messages go to browsers' push services under the webhook URL policy, with the webhooks'
  // timeout and lease. Without a contact push is off: nothing is queued or sent.
  const push = pushContact
    ? createPushDispatcher({
        db: database.db,
        provider: database.provider,
        logger,
        now: () => clock.now(),
        vapidKeys,
        contact: pushContact,
        policy: webhookPolicy,
        concurrency: config.push.concurrency,
        timeoutMs: config.webhooks.timeoutMs,
        leaseMs: config.webhooks.leaseMs,
      })
    : idlePushDispatcher;
  const webhooks = createWebhookDispatcher({
    db: database.db,
    provider: database.provider,
    logger,
    now: () => clock.now(),
    config: config.webhooks,
    policy: webhookPolicy,
    metrics,
    sqliteWriter: database.raw.provider === 'sqlite' ? database.raw.writer : undefined,
    channels: pushContact ? [createPushFanOut({ provider: database.provider, graceMs: config.reminders.graceMs, onDeliveries: () => push.wake() })] : [],
  });
  const sweepDeliveries = async () => {
    await webhooks.sweep();
    await push.sweep();
  };
  const events: EventNotifier = {
    eventsRecorded: () => {
      relay.wake();
      webhooks.wake();
      push.wake();
    },
  };
  const reminders = createReminderScheduler({
    db: database.db,
    provider: database.provider,
    jobsLocation: jobsLocationFor(config.database),
    logger,
    now: () => clock.now(),
    ...config.reminders,
    onEventsRecorded: events.eventsRecorded,
    metrics,
    jobs: [
      {
        name: DELIVER_WEBHOOKS,
        intervalMs: config.webhooks.sweepIntervalMs,
        // One job sweeps both channels: push deliveries share the webhooks' fan-out, lease and interval.
        define: (agenda) => defineDeliverWebhooksJob(agenda, { dispatcher: { sweep: () => sweepDeliveries() }, logger }),
      },
      {
        name: PRUNE_HISTORY,
        intervalMs: config.retention.pruneIntervalMs,
        define: (agenda) =>
          definePruneHistoryJob(agenda, {
            db: database.db,
            provider: database.provider,
            now: () => clock.now(),
            retention: config.retention,
            logger,
          }),
      },
    ],
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
    context: { db: database.db, clock, logger, events, store: createTaskStore(database.raw), sessionsRevoked, accountDeleted, publicUrl: config.publicUrl },
    checkWrites: createWriteProbe(database, config.database, () => clock.now()).check,
    unready: () => {
      if (draining) return 'Shutting down: this instance takes no new work';
      if (!issuer.reachable()) return 'auth: unavailable (the identity provider has not been reached yet)';
      return null;
    },
    draining: () => draining,
    capture: { ai: captureAi, ocr, defaultTime: config.capture.defaultTime },
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
    webhooks: { urlPolicy: webhookPolicy },
    push: { urlPolicy: webhookPolicy, vapidKeys, enabled: pushContact !== null },
    signIn: {
      sessions: localKey
        ? { db: database.db, clock, logger, key: localKey, config: config.auth.sessions, sessionsRevoked }
        : undefined,
      clientConfig: authClientConfig(config.auth),
    },
  });
  relay.start();
  webhooks.start();
  push.start();
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
      // Each step logged, so a shutdown that hangs shows where.
      const step = async (name: string, stop: () => Promise<void>) => {
        await stop();
        logger.info(`shutdown: ${name} stopped`);
      };
      // Side by side: requests in flight finish (live subscriptions are ended) while the scheduler gives
      // its job locks back, so another instance takes the next sweep at once, and webhook attempts in
      // flight finish or are released.
      await Promise.all([
        step('HTTP server', () => app.close()),
        step('reminder scheduler', () => reminders.stop()),
        // Half of SHUTDOWN_TIMEOUT for attempts to finish leaves the other half for giving claims back.
        step('webhook dispatcher', () => webhooks.stop(config.shutdownTimeoutMs / 2)),
        step('push dispatcher', () => push.stop()),
      ]);
      await step('OCR worker', () => ocr.close());
      // Last of the background work: it publishes what the requests that just finished recorded.
      await step('outbox relay', () => relay.stop());
      await step('event bus', () => eventBus.close());
      await step('rate limit counters', () => rateLimiter.close());
      await step('database', () => database.close());
      logger.info('shutdown complete');
    },
  };
}
