import { setMaxListeners } from 'node:events';
import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { batchedWrites } from '../delivery/batched-writes.js';
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

/** Results are written together, at most this long after the first of them arrived (or this many). */
const RECORD_DELAY_MS = 5;
const RECORD_BATCH = 500;

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
  // An attempt is over once its result is on record; a batch that fails is written again (batched-writes.ts).
  const record = batchedWrites(
    (batch: PushAttemptResult[]) => recordPushAttempts({ db, provider, sqliteWriter: options.sqliteWriter }, batch, logger, now()),
    RECORD_DELAY_MS,
    RECORD_BATCH,
  );

  async function attempt(delivery: ClaimedPush): Promise<void> {
    const attemptedAt = now();
    const ttlSeconds = Math.floor((delivery.expiresAt.getTime() - attemptedAt.getTime()) / 1000);
    let result: PushAttemptResult;
    if (ttlSeconds <= 0) {
      const outcome = { statusCode: null, latencyMs: 0, error: 'expired before it could be sent', retryAfterMs: null, refused: true };
      result = { delivery, outcome, verdict: { kind: 'failed', reason: outcome.error }, attemptedAt };
    } else {
      const outcome = await sendPush(
        { endpoint: delivery.endpoint, p256dh: delivery.p256dh, auth: delivery.auth, payload: delivery.payload, topic: delivery.topic, ttlSeconds },
        { vapidKeys: options.vapidKeys, contact: options.contact, policy: options.policy, timeoutMs: options.timeoutMs, agents, signal: aborter.signal },
      );
      if (aborter.signal.aborted) {
        await releasePushClaims(db, [delivery]).catch(() => undefined);
        return;
      }
      result = { delivery, outcome, verdict: judgePushOutcome(outcome, delivery.attemptCount + 1, now(), delivery.expiresAt), attemptedAt };
    }
    if (await record(result)) options.onEventsRecorded?.();
  }

  const loop = claimedWorkLoop<ClaimedPush>({
    concurrency: options.concurrency,
    leaseMs: options.leaseMs,
    claim: (room) => claimPushDeliveries({ db, provider, sqliteWriter: options.sqliteWriter, now, leaseMs: options.leaseMs }, room),
    release: (claimed) => releasePushClaims(db, claimed),
    attempt,
    onAttemptError: (error, delivery) =>
      logger.error({ err: error, pushDeliveryId: Number(delivery.id) }, 'push attempt failed or could not be recorded; its claim runs out and it is sent again'),
    onPassError: (error) => logger.error({ err: error }, 'push dispatch pass failed'),
    // A finished push frees room for the next.
    afterAttempt: () => loop.schedule(),
  });

  return {
    start: () => loop.start(),
    wake: () => loop.schedule(),
    sweep: () => loop.sweep(),
    async stop() {
      await loop.stopClaiming();
      aborter.abort();
      // In flight until recorded: this waits for the last results' batch too.
      await Promise.allSettled(loop.inFlight());
      agents.destroy();
    },
  };
}
