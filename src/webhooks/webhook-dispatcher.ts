import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider, WebhookConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { createAttemptPool } from './attempt-pool.js';
import { createAttemptRecorder } from './attempt-recorder.js';
import {
  claimDueDeliveries,
  findEndpointsWithPendingDeliveries,
  releaseClaims,
  type ClaimedDelivery,
} from './claim-due-deliveries.js';
import { createDueEndpoints } from './due-endpoints.js';
import { fanOutEvents, type FanOutChannel, type FanOutResult } from './fan-out-events.js';
import { sendWebhook } from './send-webhook.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';
import { createDeliveryAgents } from '../delivery/post-once.js';
import { coalescedPasses } from '../delivery/coalesced-passes.js';
import { noMetrics, type WebhookMetrics } from '../metrics/service-metrics.js';

export interface WebhookDispatcherOptions {
  db: Db;
  provider: DatabaseProvider;
  logger: Logger;
  now: () => Date;
  config: WebhookConfig;
  policy: WebhookUrlPolicy;
  /** Counts attempts by outcome and disabled endpoints; none when absent. */
  metrics?: WebhookMetrics;
  /** On SQLite, Prisma's own connection, for writing attempt batches synchronously (record-attempts-sqlite.ts). */
  sqliteWriter?: BetterSqlite3.Database;
  /** Other channels fanned out from the outbox with the webhooks (push). */
  channels?: readonly FanOutChannel[];
}

export interface WebhookDispatcher {
  start(): void;
  /** New events or deliveries were committed: fan out and send soon, without waiting for the sweep. */
  wake(): void;
  /**
   * One pass (the Agenda job): fans out new events, then claims due deliveries up to the free capacity
   * and starts their attempts. Resolves once they are started, not finished.
   */
  sweep(): Promise<void>;
  /**
   * Stops claiming, lets attempts in flight finish for up to `graceMs`, aborts the rest and gives every
   * claim it still holds back, so another instance sends them at once rather than after WEBHOOK_LEASE.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * A pass waits this long after a wake-up or a freed slot, so one transaction fans out the events of a
 * burst and one claim fills many slots: each statement costs about a millisecond, whatever its size.
 */
const COALESCE_MS = 5;
/** Claimed deliveries that may wait per slot: claims come in batches several times the slot count. */
const PREFETCH = 8;
/** Discovery (which endpoints have pending deliveries) runs on every sweep, and on wake-ups at most this often. */
const DISCOVERY_INTERVAL_MS = 100;
const GONE = 410;
/**
 * How long one pass fans out before it sends what is due and lets the sweep, the relay and the push
 * and email dispatchers take their turns (on SQLite they share the thread and the writer with it).
 */
const FAN_OUT_BUDGET_MS = 200;

/** One pass's share of fanning out (FAN_OUT_BUDGET_MS); with `more`, the rest waits for the next pass. */
function fanOutShare(options: WebhookDispatcherOptions, stopped: () => boolean): Promise<FanOutResult> {
  const { db, provider, now, config, channels } = options;
  return fanOutEvents({ db, provider, now, firstAttemptDelayMs: config.retryScheduleMs[0] ?? 0, channels, budgetMs: FAN_OUT_BUDGET_MS, stopped });
}

/**
 * Moves deliveries from the database to receivers. Passes (woken by new events, freed capacity, and
 * the Agenda sweep) fan events out and claim due deliveries with a lease (claim-due-deliveries.ts);
 * the attempt pool sends them with bounded concurrency; the recorder writes the results in batches.
 * Whatever this process holds when it dies is claimed again by a live one once the lease runs out.
 */
export function createWebhookDispatcher(options: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, provider, logger, now, config } = options;
  const agents = createDeliveryAgents(config.concurrency);
  const recorder = createAttemptRecorder(
    { db, provider, now, retryScheduleMs: config.retryScheduleMs, disableAfterMs: config.disableAfterMs, sqliteWriter: options.sqliteWriter },
    logger,
    options.metrics ?? noMetrics,
    { onWritten: () => moreDue && schedulePass() },
  );
  const release = (claims: ClaimedDelivery[]) =>
    releaseClaims(db, claims).catch((error: unknown) =>
      logger.warn({ err: error }, 'could not give back webhook claims; they run out by themselves'),
    );
  const pool = createAttemptPool({
    concurrency: config.concurrency,
    concurrencyPerEndpoint: config.concurrencyPerEndpoint,
    prefetch: PREFETCH,
    timeoutMs: config.timeoutMs,
    now,
    unrecorded: () => recorder.backlog,
    send: (delivery, attemptedAt, signal) =>
      sendWebhook(
        { url: delivery.url, eventId: delivery.eventId, payload: delivery.payload, secrets: delivery.secrets, timestamp: attemptedAt },
        { policy: options.policy, timeoutMs: config.timeoutMs, agents, signal },
      ),
    onResult: (result) => {
      recorder.add(result);
      if (result.outcome.statusCode === GONE) holdBack(result.delivery.endpointId, pool.dropQueued(result.delivery.endpointId));
    },
    onStale: (delivery) => void release([delivery]),
    onRoom: (endpointWasFull) => {
      if (moreDue || endpointWasFull) schedulePass();
    },
  });
  const due = createDueEndpoints();
  // Endpoints that answered 410 Gone and are being disabled: not claimed for meanwhile.
  const gone = new Set<string>();
  let recoveryTimer: NodeJS.Timeout | undefined;
  let fanOutWanted = true;
  let discoveryWanted = true;
  let lastDiscovery = 0;
  let moreDue = false;
  let stopped = true;

  /**
   * What waits for an endpoint that answered 410 Gone stays pending, for when it is enabled again,
   * instead of going out only to fail on 410 too: it is given back once the recorder has written the
   * 410 (which disables the endpoint), so no claim can take it in between.
   */
  function holdBack(endpointId: bigint, waiting: ClaimedDelivery[]) {
    const key = String(endpointId);
    if (gone.has(key)) {
      if (waiting.length > 0) void recorder.flush().then(() => release(waiting));
      return;
    }
    gone.add(key);
    void recorder
      .flush()
      .then(() => release(waiting))
      .finally(() => gone.delete(key));
  }

  async function pass(): Promise<void> {
    if (fanOutWanted) {
      fanOutWanted = false;
      const fannedOut = await fanOutShare(options, () => stopped);
      due.add(fannedOut.endpointIds);
      // The rest of a flood is fanned out in the next pass, after a timer's turn for everyone else.
      if (fannedOut.more) {
        fanOutWanted = true;
        schedulePass();
      }
    }
    if (discoveryWanted) {
      // Deliveries not made by this process's fan-out (retries coming due, tests, replays, other
      // instances' events, claims that ran out) are found here.
      const wait = lastDiscovery + DISCOVERY_INTERVAL_MS - Date.now();
      if (wait > 0) {
        schedulePass(wait);
      } else {
        discoveryWanted = false;
        lastDiscovery = Date.now();
        due.add(await findEndpointsWithPendingDeliveries(db));
      }
    }
    for (;;) {
      if (stopped) return;
      const room = pool.room();
      const wants = due.nextClaims(room, gone);
      moreDue = due.size > 0;
      if (wants.length === 0) return;
      const { claimed, drained } = await claimDueDeliveries({ db, provider, now, leaseMs: config.leaseMs, sqliteWriter: options.sqliteWriter }, wants);
      due.claimed(wants, drained);
      if (stopped) {
        await release(claimed);
        return;
      }
      for (const endpointId of new Set(claimed.filter((d) => gone.has(String(d.endpointId))).map((d) => d.endpointId))) {
        holdBack(endpointId, claimed.filter((d) => d.endpointId === endpointId));
      }
      pool.add(claimed.filter((d) => !gone.has(String(d.endpointId))));
    }
  }

  const passes = coalescedPasses({
    pass,
    stopped: () => stopped,
    onError: (error: unknown) => logger.error({ err: error }, 'webhook dispatch pass failed'),
    coalesceMs: COALESCE_MS,
  });
  const schedulePass = (delayMs?: number) => passes.schedule(delayMs);

  return {
    start() {
      stopped = false;
      fanOutWanted = true;
      discoveryWanted = true;
      schedulePass(0);
      // What an instance that died held comes free when its lease runs out. The Agenda sweep would find
      // it too, but after a crash the sweep job may itself wait for the dead instance's job lock.
      recoveryTimer = setTimeout(() => {
        discoveryWanted = true;
        schedulePass();
      }, config.leaseMs + DISCOVERY_INTERVAL_MS);
      recoveryTimer.unref();
    },
    wake() {
      fanOutWanted = true;
      discoveryWanted = true;
      schedulePass();
    },
    async sweep() {
      if (stopped) return;
      fanOutWanted = true;
      discoveryWanted = true;
      lastDiscovery = 0;
      await passes.run();
    },
    async stop(graceMs = 0) {
      stopped = true;
      clearTimeout(recoveryTimer);
      await passes.stop();
      const held = await pool.close(graceMs);
      await recorder.flush();
      await release(held);
      agents.destroy();
    },
  };
}
