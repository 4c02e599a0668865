import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadOrCreateLocalSigningKey } from './auth/local-signing-key.js';
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
import { createEventBus, type EventBus } from './events/event-bus.js';
import type { EventNotifier } from './events/event-notifier.js';
import { createOutboxRelay } from './events/outbox-relay.js';
import { createReminderScheduler, jobsLocationFor } from './reminders/reminder-scheduler.js';
import { createWebhookDispatcher } from './webhooks/webhook-dispatcher.js';
import { DELIVER_WEBHOOKS, defineDeliverWebhooksJob } from './webhooks/jobs/deliver-webhooks.js';
import { definePruneHistoryJob, PRUNE_HISTORY } from './retention/prune-history-job.js';
import { resolveWithSystem, type ResolveHost } from './webhooks/webhook-url-policy.js';
import type pino from 'pino';

export interface RunningService {
  app: FastifyInstance;
  database: Database;
  /** Live events, as published from the outbox. */
  eventHub: EventHub;
  /** What GraphQL subscriptions listen to: every event, from this instance or (with Redis) any other. */
  eventBus: EventBus;
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
  const logger = createLogger(config.logLevel, options.logDestination);
  const migrations = await applyMigrations(config.database);
  if (migrations.applied.length > 0) logger.info({ applied: migrations.applied }, 'migrations applied');
  if (migrations.modified.length > 0) {
    logger.warn({ modified: migrations.modified }, 'applied migrations were modified after they were applied');
  }
  const localKey = config.auth.mode === 'local' ? await loadOrCreateLocalSigningKey(config.dataDir) : undefined;
  const database = await openDatabase(config.database, {
    onQuery: options.onDatabaseQuery,
    onPoolError: (error) => logger.warn({ err: error }, 'database connection dropped'),
  });
  const clock = options.clock ?? systemClock;
  const eventHub = createEventHub();
  // Each event is published once, by whichever instance's relay claims it; Redis (REDIS_URL) then
  // carries it to the subscribers of every instance.
  const eventBus = await createEventBus({ redisUrl: config.redisUrl, logger });
  const relaySink = {
    async publish(event: Parameters<EventBus['publish']>[0]) {
      eventHub.publish(event);
      await eventBus.publish(event);
    },
  };
  const relay = createOutboxRelay({ db: database.db, provider: database.provider, sink: relaySink, logger });
  const webhookPolicy = { allowInsecure: config.webhooks.allowInsecure, resolve: options.resolveHost ?? resolveWithSystem };
  const webhooks = createWebhookDispatcher({
    db: database.db,
    provider: database.provider,
    logger,
    now: () => clock.now(),
    config: config.webhooks,
    policy: webhookPolicy,
  });
  const events: EventNotifier = {
    eventsRecorded: () => {
      relay.wake();
      webhooks.wake();
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
    jobs: [
      {
        name: DELIVER_WEBHOOKS,
        intervalMs: config.webhooks.sweepIntervalMs,
        define: (agenda) => defineDeliverWebhooksJob(agenda, { dispatcher: webhooks, logger }),
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
  // The OCR worker starts on the first image, not here.
  const ocr = createLocalOcr();
  const captureAi = config.capture.ai ? createOpenAiCaptureAi({ config: config.capture.ai, timeoutMs: config.capture.aiTimeoutMs }) : null;
  const app = await buildApp({
    logger,
    verifier: createTokenVerifier({ auth: config.auth, localKey }),
    users: createUserDirectory(database.db),
    context: { db: database.db, clock, logger, events, store: createTaskStore(database.raw) },
    isDatabaseReachable: () => database.ping(),
    capture: { ai: captureAi, ocr, defaultTime: config.capture.defaultTime },
    publicKeys: localKey ? [localKey.publicJwk] : [],
    graphql: { events: eventBus, graphiql: !config.production },
    webhooks: { urlPolicy: webhookPolicy },
  });
  relay.start();
  webhooks.start();
  await reminders.start();
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    database,
    eventHub,
    eventBus,
    url: `http://${host}:${port}`,
    async close() {
      await app.close();
      await ocr.close();
      await reminders.stop();
      await webhooks.stop();
      await relay.stop();
      await eventBus.close();
      await database.close();
    },
  };
}
