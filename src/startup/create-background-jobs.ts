import type { Agenda } from 'agenda';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { ReminderMetrics } from '../metrics/service-metrics.js';
import { createReminderScheduler, jobsLocationFor, type ReminderScheduler } from '../reminders/reminder-scheduler.js';
import { definePruneHistoryJob, PRUNE_HISTORY } from '../retention/prune-history-job.js';
import { DELIVER_WEBHOOKS, defineDeliverWebhooksJob } from '../webhooks/jobs/deliver-webhooks.js';
import { defineQueueDigestsJob, QUEUE_DIGESTS } from '../email/jobs/queue-digests.js';
import type { DigestDeps } from '../email/queue-due-digests.js';

export interface BackgroundJobsDeps {
  config: Pick<Config, 'database' | 'reminders' | 'webhooks' | 'retention' | 'mail'>;
  database: Database;
  logger: Logger;
  clock: Clock;
  metrics: ReminderMetrics;
  /** Told when a sweep recorded events (wakes the relay and the dispatchers). */
  onEventsRecorded: () => void;
  /** One pass of the outbound channels. */
  sweepDeliveries: () => Promise<void>;
  /** The daily digest's dependencies; absent while email is off. */
  digests?: DigestDeps;
}

/** The Agenda jobs, on one scheduler: the reminder sweeps, webhook, push and email delivery, history pruning, the daily digest. */
export function createBackgroundJobs({ config, database, logger, clock, metrics, onEventsRecorded, sweepDeliveries, digests }: BackgroundJobsDeps): ReminderScheduler {
  return createReminderScheduler({
    db: database.db,
    provider: database.provider,
    jobsLocation: jobsLocationFor(config.database),
    logger,
    now: () => clock.now(),
    ...config.reminders,
    onEventsRecorded,
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
      ...(digests ? [{ name: QUEUE_DIGESTS, intervalMs: config.mail.digestIntervalMs, define: (agenda: Agenda) => defineQueueDigestsJob(agenda, digests) }] : []),
    ],
  });
}
