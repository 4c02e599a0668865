import type { Agenda } from 'agenda';
import type { DatabaseProvider } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Logger } from '../../logger.js';
import { fireDueReminders } from '../fire-due-reminders.js';
import { noMetrics, type ReminderMetrics } from '../../metrics/service-metrics.js';

export const FIRE_DUE_REMINDERS = 'fire-due-reminders';

/** What the sweep jobs need: the database, the clock and where to report what they fired. */
export interface FireDueRemindersJobOptions {
  db: Db;
  provider: DatabaseProvider;
  logger: Logger;
  now: () => Date;
  graceMs: number;
  /** Called after a sweep recorded events, so they reach subscribers without waiting for a poll. */
  onEventsRecorded: () => void;
  /** Counts fired and missed reminders; none when absent. */
  metrics?: ReminderMetrics;
  /** Whether the scheduler is stopping: a sweep in progress ends after its batch (each is a transaction). */
  stopping?: () => boolean;
}

/**
 * The names of the sweep jobs. PostgreSQL gets several, so that during a spike each instance can hold one
 * and sweep beside the others (FOR UPDATE SKIP LOCKED keeps their batches apart); SQLite has one writer,
 * so a second sweeper would only wait for the first.
 */
export function sweepJobNames(provider: DatabaseProvider): string[] {
  const slots = provider === 'postgresql' ? 4 : 1;
  return Array.from({ length: slots }, (_, slot) => (slot === 0 ? FIRE_DUE_REMINDERS : `${FIRE_DUE_REMINDERS}-${slot + 1}`));
}

/**
 * The sweep jobs: each fires what is due, keeping its Agenda lock alive between batches of a long spike.
 * One process sweeps with one job at a time: a second slot it happens to lock returns at once, and
 * comes round again after the interval, when another instance may take it.
 */
export function defineFireDueRemindersJob(agenda: Agenda, options: FireDueRemindersJobOptions): void {
  let sweeping = false;
  for (const name of sweepJobNames(options.provider)) {
    agenda.define(
      name,
      async (job) => {
        if (sweeping) return;
        sweeping = true;
        try {
          const result = await fireDueReminders({
            db: options.db,
            provider: options.provider,
            now: options.now,
            graceMs: options.graceMs,
            collectEvents: false,
            stopped: options.stopping,
            onBatch: async (batch) => {
              options.onEventsRecorded();
              const metrics = options.metrics ?? noMetrics;
              metrics.remindersFired(batch.fired.map((event) => event.reminder?.lateSeconds ?? 0));
              metrics.remindersMissed(batch.missed.length);
              for (const missed of batch.missed) {
                options.logger.warn(
                  { taskId: missed.taskId, userId: missed.userId, offsetMinutes: missed.offsetMinutes, dueAt: missed.dueAt.toISOString(), graceMs: options.graceMs },
                  'reminder missed',
                );
              }
              await job.touch();
            },
          });
          if (result.fired + result.missed > 0) {
            options.logger.info({ fired: result.fired, missed: result.missed }, 'reminders swept');
          }
        } finally {
          sweeping = false;
        }
      },
      { concurrency: 1, lockLimit: 1 },
    );
  }
}
