import type { Agenda } from 'agenda';
import { pruneSignIns } from '../auth/prune-sign-ins.js';
import { pruneSyncTombstones, SYNC_TOKEN_LIFETIME_MS } from '../caldav/prune-tombstones.js';
import type { RetentionConfig } from '../config.js';
import { pruneEvents, type PruneDeps } from '../events/prune-events.js';
import { pruneIdempotencyKeys } from '../idempotency/prune-idempotency-keys.js';
import type { Logger } from '../logger.js';
import { pruneWebhookLog } from '../webhooks/prune-webhook-log.js';
import { pruneEmailLog } from '../email/prune-email-log.js';

export const PRUNE_HISTORY = 'prune-history';

/** Rows one statement deletes, and statements one run makes (a run after a long outage catches up over several). */
const LIMITS = { batchSize: 1000, maxBatches: 200 };

export interface PruneHistoryJobOptions {
  db: PruneDeps['db'];
  provider: PruneDeps['provider'];
  now: () => Date;
  retention: Pick<RetentionConfig, 'eventRetentionMs' | 'webhookLogRetentionMs'>;
  logger: Logger;
}

/** What a run deleted. */
export interface PruneResult {
  events: number;
  webhookDeliveries: number;
  /** Expired login codes and ended sign-in sessions. */
  signIns: number;
  /** Idempotency-Keys past their 24 hours. */
  idempotencyKeys: number;
  /** Finished mails past WEBHOOK_LOG_RETENTION and expired mail links. */
  emailLog: number;
  /** CalDAV tombstones (deleted or moved-out tasks) older than a sync-token's 30 days. */
  caldavTombstones: number;
}

/**
 * Deletes history past its retention: outbox events that have done their work, finished webhook
 * deliveries, ended sign-ins, expired Idempotency-Keys, finished mails and expired mail links, and
 * CalDAV tombstones past the sync-token lifetime.
 */
export async function pruneHistory(options: Omit<PruneHistoryJobOptions, 'logger'>): Promise<PruneResult> {
  const deps = { db: options.db, provider: options.provider, limits: LIMITS };
  const now = options.now().getTime();
  return {
    events: await pruneEvents(deps, new Date(now - options.retention.eventRetentionMs)),
    webhookDeliveries: await pruneWebhookLog(deps, new Date(now - options.retention.webhookLogRetentionMs)),
    signIns: await pruneSignIns(deps, new Date(now)),
    idempotencyKeys: await pruneIdempotencyKeys(deps, new Date(now)),
    emailLog: await pruneEmailLog(deps, new Date(now - options.retention.webhookLogRetentionMs), new Date(now)),
    caldavTombstones: await pruneSyncTombstones(deps, new Date(now), new Date(now - SYNC_TOKEN_LIFETIME_MS)),
  };
}

export function definePruneHistoryJob(agenda: Agenda, options: PruneHistoryJobOptions): void {
  agenda.define(
    PRUNE_HISTORY,
    async () => {
      const result = await pruneHistory(options);
      if (result.events + result.webhookDeliveries + result.signIns + result.idempotencyKeys + result.emailLog + result.caldavTombstones > 0) options.logger.info(result, 'history pruned');
    },
    { concurrency: 1, lockLimit: 1 },
  );
}
