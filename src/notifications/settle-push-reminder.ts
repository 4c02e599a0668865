import { execute, queryRows, type SqlProgram } from '../db/sql-program.js';
import { recordDeliveryEvent } from './record-delivery-event.js';

export interface PushSettlement {
  eventId: string;
  /** The message as stored: only reminders (not push.test) are told to webhooks. */
  payload: string;
  /** What this attempt did to its delivery: delivered, failed for good, or gone (subscription deleted). */
  result: 'delivered' | 'failed' | 'gone';
  error: string | null;
  at: Date;
}

/**
 * The push channel's `reminder.delivered` / `reminder.failed`, one per reminder however many browsers
 * it went to: delivered when the first browser's push service took it; failed when the last one still
 * being tried failed (or its subscription was gone) and none took it. Runs in the transaction that
 * records the attempt, after its delivery was updated, which also settles a fallback mail waiting on
 * these pushes. Answers whether an event was recorded.
 */
export function* settlePushReminder(settlement: PushSettlement): SqlProgram<boolean> {
  if ((JSON.parse(settlement.payload) as { type?: string }).type !== 'reminder.due') return false;
  const deliveries = yield* queryRows<{ state: string }>('SELECT state FROM push_deliveries WHERE event_id = ?', settlement.eventId);
  const delivered = deliveries.filter((delivery) => delivery.state === 'delivered').length;
  const pending = deliveries.some((delivery) => delivery.state === 'pending');
  if (settlement.result === 'delivered' ? delivered !== 1 : delivered > 0 || pending) return false;
  // A fallback mail waiting on this reminder's pushes is settled with them: unneeded, or due now.
  if (settlement.result === 'delivered') {
    yield* execute(
      "UPDATE email_deliveries SET state = 'skipped', next_attempt_at = NULL, updated_at = ? WHERE event_id = ? AND state = 'waiting'",
      settlement.at,
      settlement.eventId,
    );
  } else {
    yield* execute("UPDATE email_deliveries SET next_attempt_at = ? WHERE event_id = ? AND state = 'waiting'", settlement.at, settlement.eventId);
  }
  return yield* recordDeliveryEvent(
    {
      channel: 'push',
      reminderEventId: settlement.eventId,
      delivered: settlement.result === 'delivered',
      sentAt: settlement.result === 'delivered' ? settlement.at.toISOString() : null,
      error: settlement.result === 'delivered' ? null : (settlement.error ?? 'failed'),
      reason: null,
    },
    settlement.at,
  );
}
