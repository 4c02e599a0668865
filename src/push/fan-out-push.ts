import type { DatabaseProvider } from '../config.js';
import type { Tx } from '../db/database.js';
import type { TaskEvent } from '../events/task-event.js';
import type { FanOutChannel, OutboxEventRow } from '../webhooks/fan-out-events.js';
import { insertRows } from '../webhooks/insert-rows.js';
import { reminderPushMessage } from './push-message.js';

export interface PushFanOutDeps {
  provider: DatabaseProvider;
  /** REMINDER_GRACE: how long after its due time a reminder is still worth showing. */
  graceMs: number;
  /** Told after a fan-out transaction that wrote push deliveries committed. */
  onDeliveries: () => void;
}

/**
 * The push channel of the outbox fan-out: inside the same transaction that fans an event out to
 * webhooks, each `reminder.due` becomes one push delivery per subscription of its user. So an event is
 * marked fanned out only together with its push deliveries, and a crash repeats both.
 */
export function createPushFanOut(deps: PushFanOutDeps): FanOutChannel {
  return {
    async fanOut(tx: Tx, events: OutboxEventRow[], now: Date): Promise<number> {
      const due = events.filter((event) => event.type === 'reminder.due');
      if (due.length === 0) return 0;
      const userIds = [...new Set(due.map((event) => event.user_id))];
      // People who turned push off (PATCH /me/notifications) keep their subscriptions but get no pushes.
      const pushOff = await tx.user.findMany({ where: { id: { in: userIds }, notifyPush: false }, select: { id: true } });
      const subscriptions = await tx.pushSubscription.findMany({
        where: { userId: { in: userIds, notIn: pushOff.map((user) => user.id) } },
        select: { id: true, userId: true },
      });
      if (subscriptions.length === 0) return 0;
      const rows: Array<[bigint, string, string, string, string, string | null, Date, string, number, Date, Date, Date]> = [];
      for (const row of due) {
        const mine = subscriptions.filter((subscription) => subscription.userId === row.user_id);
        if (mine.length === 0) continue;
        const message = reminderPushMessage(JSON.parse(row.payload) as TaskEvent, deps.graceMs);
        for (const subscription of mine) {
          rows.push([subscription.id, row.user_id, message.eventId, message.type, message.payload, message.topic, message.expiresAt, 'pending', 0, now, now, now]);
        }
      }
      await insertRows(
        tx,
        deps.provider,
        'push_deliveries',
        ['subscription_id', 'user_id', 'event_id', 'event_type', 'payload', 'topic', 'expires_at', 'state', 'attempt_count', 'next_attempt_at', 'created_at', 'updated_at'],
        rows,
      );
      return rows.length;
    },
    committed(count: number) {
      if (count > 0) deps.onDeliveries();
    },
  };
}
