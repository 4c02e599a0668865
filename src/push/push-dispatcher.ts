import { setMaxListeners } from 'node:events';
import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { claimedWorkLoop } from '../delivery/claimed-work-loop.js';
import { createDeliveryAgents } from '../delivery/post-once.js';
import type { WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';
import { claimPushDeliveries, releasePushClaims, type ClaimedPush } from './claim-push-deliveries.js';
import { judgePushOutcome } from './push-outcome.js';
import { recordPushAttempts, type PushAttemptResult } from './record-push-attempts.js';
import { sendPush } from './send-push.js';
import type { VapidKeys } from './vapid-keys.js';
import type { ChannelDispatcher } from '../delivery/channel-dispatcher.js';

export interface PushDispatcherOptions {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: results are then recorded synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  logger: Logger;
  now: () => Date;
  vapidKeys: VapidKeys;
  contact: string;
  policy: WebhookUrlPolicy;
  /** Requests in flight at once. */
  concurrency: number;
  timeoutMs: number;
  leaseMs: number;
  /** Told after outcome events (reminder.delivered/failed) were recorded: wake the relay and webhooks. */
  onEventsRecorded?: () => void;
}

/** Its stop() aborts requests in flight and records what had finished. */
export type PushDispatcher = ChannelDispatcher;

/** Results are written together, at most this long after the first of them arrived. */
const RECORD_DELAY_MS = 5;

/**
 * Moves push deliveries from the database to push services: claims due ones with a lease, encrypts and
 * sends each, and records the result. What a process holds when it dies is claimed again by a live one
 * once the lease runs out (at-least-once; the message's eventId lets the service worker drop repeats).
 */
export function createPushDispatcher(options: PushDispatcherOptions): PushDispatcher {
  const { db, provider, logger, now } = options;
  const agents = createDeliveryAgents(options.concurrency);
  const aborter = new AbortController();
  // Every request in flight listens for the stop (up to `concurrency` of them).
  setMaxListeners(0, aborter.signal);
  let results: PushAttemptResult[] = [];
  let recordTimer: NodeJS.Timeout | undefined;
  let recording: Promise<void> = Promise.resolve();

  function flushResults(): Promise<void> {
    clearTimeout(recordTimer);
    recordTimer = undefined;
    const batch = results;
    results = [];
    recording = recording
      .then(async () => {
        if ((await recordPushAttempts({ db, provider, sqliteWriter: options.sqliteWriter }, batch, logger, now())) > 0) options.onEventsRecorded?.();
      })
      .catch((error: unknown) => logger.error({ err: error }, 'could not record push attempts; their claims run out and they are sent again'))
      .then(() => loop.schedule());
    return recording;
  }

  async function attempt(delivery: ClaimedPush): Promise<void> {
    const attemptedAt = now();
    const ttlSeconds = Math.floor((delivery.expiresAt.getTime() - attemptedAt.getTime()) / 1000);
    if (ttlSeconds <= 0) {
      const outcome = { statusCode: null, latencyMs: 0, error: 'expired before it could be sent', retryAfterMs: null, refused: true };
      results.push({ delivery, outcome, verdict: { kind: 'failed', reason: outcome.error }, attemptedAt });
    } else {
      const outcome = await sendPush(
        { endpoint: delivery.endpoint, p256dh: delivery.p256dh, auth: delivery.auth, payload: delivery.payload, topic: delivery.topic, ttlSeconds },
        { vapidKeys: options.vapidKeys, contact: options.contact, policy: options.policy, timeoutMs: options.timeoutMs, agents, signal: aborter.signal },
      );
      if (aborter.signal.aborted) {
        await releasePushClaims(db, [delivery]).catch(() => undefined);
        return;
      }
      results.push({ delivery, outcome, verdict: judgePushOutcome(outcome, delivery.attemptCount + 1, now(), delivery.expiresAt), attemptedAt });
    }
    recordTimer ??= setTimeout(() => void flushResults(), RECORD_DELAY_MS);
  }

  const loop = claimedWorkLoop<ClaimedPush>({
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
    claim: (room) => claimPushDeliveries({ db, provider, now, leaseMs: options.leaseMs }, room),
    release: (claimed) => releasePushClaims(db, claimed),
    attempt,
    onAttemptError: (error, delivery) => logger.error({ err: error, pushDeliveryId: Number(delivery.id) }, 'push attempt failed'),
    onPassError: (error) => logger.error({ err: error }, 'push dispatch pass failed'),
  });

  return {
    start: () => loop.start(),
    wake: () => loop.schedule(),
    sweep: () => loop.sweep(),
    async stop() {
      await loop.stopClaiming();
      aborter.abort();
      await Promise.allSettled(loop.inFlight());
      await flushResults();
      agents.destroy();
    },
  };
}
