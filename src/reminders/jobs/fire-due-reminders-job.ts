import type { Agenda } from 'agenda';
import { fireDueReminders } from '../fire-due-reminders.js';
import type { ReminderSchedulerOptions } from '../reminder-scheduler.js';

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
        onBatch: async () => {
          options.onEventsRecorded();
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
