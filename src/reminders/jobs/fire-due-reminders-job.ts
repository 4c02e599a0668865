import type { Agenda } from 'agenda';
import { fireDueReminders } from '../fire-due-reminders.js';
import type { ReminderSchedulerOptions } from '../reminder-scheduler.js';
import { noMetrics } from '../../metrics/service-metrics.js';

export const FIRE_DUE_REMINDERS = 'fire-due-reminders';

/** The sweep job: fires what is due, keeping its Agenda lock alive between batches of a long spike. */
export function defineFireDueRemindersJob(agenda: Agenda, options: ReminderSchedulerOptions): void {
  agenda.define(
    FIRE_DUE_REMINDERS,
    async (job) => {
      const result = await fireDueReminders({
        db: options.db,
        provider: options.provider,
        now: options.now,
        graceMs: options.graceMs,
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
    },
    { concurrency: 1, lockLimit: 1 },
  );
}
