import type { DatabaseProvider } from '../config.js';
import { execute, parameterList, queryRows, runSqlProgram, type SqlProgram, type SqlTarget } from '../db/sql-program.js';
import type { Logger } from '../logger.js';
import { settlePushReminder, type PushSettlement } from '../notifications/settle-push-reminder.js';
import type { ClaimedPush } from './claim-push-deliveries.js';
import type { PushVerdict } from './push-outcome.js';
import type { PushOutcome } from './send-push.js';

export interface PushAttemptResult {
  delivery: ClaimedPush;
  outcome: PushOutcome;
  verdict: PushVerdict;
  attemptedAt: Date;
}

/**
 * Writes attempts' results in one transaction: the delivery's new state (only while this worker's claim
 * still holds it, so a claim that ran out and was taken over is not overwritten) and the attempt's log
 * row; a `gone` verdict deletes the subscription, its pending messages and log. A reminder that reached
 * its end on this channel is told to webhooks (reminder.delivered / reminder.failed). Answers, for each
 * result, whether such an event was recorded. Written again after a failure (batched-writes.ts), a
 * result that was recorded already changes nothing: its claim no longer holds.
 */
export async function recordPushAttempts(target: SqlTarget, results: PushAttemptResult[], logger: Logger, now: Date): Promise<boolean[]> {
  if (results.length === 0) return [];
  const events = await runSqlProgram(target, () => recordBatch(target.provider, results, now));
  for (const { delivery, verdict, outcome } of results) {
    const where = { pushDeliveryId: Number(delivery.id), pushSubscriptionId: Number(delivery.subscriptionId), statusCode: outcome.statusCode };
    if (verdict.kind === 'gone') logger.info(where, 'push subscription gone (404/410): deleted');
    else if (verdict.kind === 'failed') logger.warn({ ...where, reason: verdict.reason }, 'push delivery failed');
    else if (verdict.kind === 'retry') logger.info({ ...where, nextAttemptAt: verdict.at.toISOString() }, 'push delivery will be retried');
  }
  return events;
}

function* recordBatch(provider: DatabaseProvider, results: PushAttemptResult[], now: Date): SqlProgram<boolean[]> {
  const recorded: boolean[] = [];
  yield* lockSubscriptions(provider, results.map((result) => result.delivery.subscriptionId));
  for (const { delivery, outcome, verdict, attemptedAt } of results) {
    recorded.push(false);
    const settle = (result: PushSettlement['result'], error: string | null) =>
      settlePushReminder({ eventId: delivery.eventId, payload: delivery.payload, result, error, at: attemptedAt });
    if (verdict.kind === 'gone') {
      yield* execute('DELETE FROM push_subscriptions WHERE id = ?', delivery.subscriptionId);
      recorded[recorded.length - 1] = yield* settle('gone', outcome.error ?? 'the subscription is gone');
      continue;
    }
    const attempt = delivery.attemptCount + 1;
    const nextAttemptAt = verdict.kind === 'retry' ? verdict.at : null;
    // Only while this worker's claim still holds: a claim that ran out belongs to whoever took it next.
    const changed = yield* execute(
      `UPDATE push_deliveries SET state = ?, attempt_count = ?, next_attempt_at = ?, locked_until = NULL, delivered_at = ?, updated_at = ?
       WHERE id = ? AND locked_until = ?`,
      verdict.kind === 'retry' ? 'pending' : verdict.kind,
      attempt,
      nextAttemptAt,
      verdict.kind === 'delivered' ? attemptedAt : null,
      now,
      delivery.id,
      delivery.lockedUntil,
    );
    if (changed === 0) continue;
    yield* execute(
      `INSERT INTO push_attempts (delivery_id, subscription_id, attempt, attempted_at, status_code, latency_ms, error, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      delivery.id,
      delivery.subscriptionId,
      attempt,
      attemptedAt,
      outcome.statusCode,
      outcome.latencyMs,
      verdict.kind === 'failed' ? verdict.reason : outcome.error,
      nextAttemptAt,
    );
    if (verdict.kind === 'delivered' || verdict.kind === 'failed') {
      recorded[recorded.length - 1] = yield* settle(verdict.kind, verdict.kind === 'failed' ? verdict.reason : null);
    }
  }
  return recorded;
}

/**
 * Takes the batch's subscriptions first, in id order, as deleting a subscription does (subscription,
 * then its deliveries): otherwise a batch holding one of its deliveries and a deletion holding the
 * subscription can wait for each other. SQLite has one writer at a time and needs no row locks.
 */
function* lockSubscriptions(provider: DatabaseProvider, subscriptionIds: bigint[]): SqlProgram<void> {
  if (provider !== 'postgresql') return;
  const ids = [...new Set(subscriptionIds.map(String))];
  yield* queryRows(`SELECT id FROM push_subscriptions WHERE id IN (${parameterList(ids)}) ORDER BY id FOR NO KEY UPDATE`, ...ids.map(BigInt));
}
