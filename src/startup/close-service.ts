import type { FastifyInstance } from 'fastify';
import type { LocalOcr } from '../capture/recognize-image-text.js';
import type { Database } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import type { OutboxRelay } from '../events/outbox-relay.js';
import type { Logger } from '../logger.js';
import type { PushDispatcher } from '../push/push-dispatcher.js';
import type { EmailDispatcher } from '../email/email-dispatcher.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { ReminderScheduler } from '../reminders/reminder-scheduler.js';
import type { WebhookDispatcher } from '../webhooks/webhook-dispatcher.js';

/** Everything a running service stops on shutdown. */
export interface ServiceParts {
  app: FastifyInstance;
  reminders: ReminderScheduler;
  webhooks: WebhookDispatcher;
  push: PushDispatcher;
  email: EmailDispatcher;
  ocr: LocalOcr;
  relay: OutboxRelay;
  eventBus: EventBus;
  rateLimiter: RateLimiter;
  database: Database;
}

/**
 * Stops the service in order, each step logged so a shutdown that hangs shows where: requests and
 * background work first, side by side; then what they used (OCR, the relay, the bus, the database).
 */
export async function closeService(parts: ServiceParts, logger: Logger, shutdownTimeoutMs: number): Promise<void> {
  const step = async (name: string, stop: () => Promise<void>) => {
    await stop();
    logger.info(`shutdown: ${name} stopped`);
  };
  // Side by side: requests in flight finish (live subscriptions are ended) while the scheduler gives
  // its job locks back, so another instance takes the next sweep at once, and webhook attempts in
  // flight finish or are released.
  await Promise.all([
    step('HTTP server', () => parts.app.close()),
    step('reminder scheduler', () => parts.reminders.stop()),
    // Half of SHUTDOWN_TIMEOUT for attempts to finish leaves the other half for giving claims back.
    step('webhook dispatcher', () => parts.webhooks.stop(shutdownTimeoutMs / 2)),
    step('push dispatcher', () => parts.push.stop()),
    step('email dispatcher', () => parts.email.stop()),
  ]);
  await step('OCR worker', () => parts.ocr.close());
  // Last of the background work: it publishes what the requests that just finished recorded.
  await step('outbox relay', () => parts.relay.stop());
  await step('event bus', () => parts.eventBus.close());
  await step('rate limit counters', () => parts.rateLimiter.close());
  await step('database', () => parts.database.close());
  logger.info('shutdown complete');
}
