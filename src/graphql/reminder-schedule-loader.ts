import { createContextCache } from '@pothos/core';
import { listReminderSchedules, type ReminderRecord } from '../reminders/list-reminder-schedules.js';
import type { GraphqlContext } from './graphql-context.js';

type Waiter = { resolve: (schedules: ReminderRecord[]) => void; reject: (error: unknown) => void };

/**
 * The reminder schedules behind Task.reminderSchedule and Task.nextReminderAt without a query per
 * task: every task asked for while GraphQL resolves one level of a result (a whole page of a
 * connection) is looked up in one statement, every slot of each. A task with no row (deleted, as in a
 * DELETED change) has none. Nothing is cached past that, so a long-lived subscription never answers from an old schedule.
 */
class ReminderScheduleLoader {
  private pending = new Map<bigint, Waiter[]>();

  constructor(private readonly ctx: GraphqlContext) {}

  load(taskId: bigint): Promise<ReminderRecord[]> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) {
        // After the promises already settled in this tick, as DataLoader does: the sibling fields of a
        // list are resolved in one synchronous pass, but nested levels wait for their parents' promises.
        void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
      }
      const waiters = this.pending.get(taskId) ?? [];
      waiters.push({ resolve, reject });
      this.pending.set(taskId, waiters);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      const schedules = await listReminderSchedules(this.ctx.caller, [...batch.keys()]);
      for (const [taskId, waiters] of batch) for (const waiter of waiters) waiter.resolve(schedules.get(taskId) ?? []);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

export const reminderScheduleLoader = createContextCache((ctx: GraphqlContext) => new ReminderScheduleLoader(ctx));
