import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { param } from '../db/raw-sql.js';
import type { Logger } from '../logger.js';
import { settlePushReminder } from '../notifications/settle-push-reminder.js';
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
 * its end on this channel is told to webhooks (reminder.delivered / reminder.failed). Answers how many
 * such events were recorded.
 */
export async function recordPushAttempts(
  db: Db,
  provider: DatabaseProvider,
  results: PushAttemptResult[],
  logger: Logger,
  now: Date,
): Promise<number> {
  if (results.length === 0) return 0;
  const events = await db.$transaction(
    async (tx) => {
      let recorded = 0;
      const settle = async (delivery: ClaimedPush, result: 'delivered' | 'failed' | 'gone', error: string | null, at: Date) => {
        if (await settlePushReminder(tx, { eventId: delivery.eventId, payload: delivery.payload, result, error, at })) recorded += 1;
      };
      await lockSubscriptions(tx, provider, results.map((result) => result.delivery.subscriptionId));
      for (const { delivery, outcome, verdict, attemptedAt } of results) {
        if (verdict.kind === 'gone') {
          await tx.pushSubscription.deleteMany({ where: { id: delivery.subscriptionId } });
          await settle(delivery, 'gone', outcome.error ?? 'the subscription is gone', attemptedAt);
          continue;
        }
        const attempt = delivery.attemptCount + 1;
        const state = verdict.kind === 'retry' ? 'pending' : verdict.kind;
        const nextAttemptAt = verdict.kind === 'retry' ? verdict.at : null;
        const { count } = await tx.pushDelivery.updateMany({
          where: { id: delivery.id, lockedUntil: delivery.lockedUntil },
          data: {
            state,
            attemptCount: attempt,
            nextAttemptAt,
            lockedUntil: null,
            deliveredAt: verdict.kind === 'delivered' ? attemptedAt : null,
            updatedAt: now,
          },
        });
        if (count === 0) continue;
        await tx.pushAttempt.create({
          data: {
            deliveryId: delivery.id,
            subscriptionId: delivery.subscriptionId,
            attempt,
            attemptedAt,
            statusCode: outcome.statusCode,
            latencyMs: outcome.latencyMs,
            error: verdict.kind === 'failed' ? verdict.reason : outcome.error,
            nextAttemptAt,
          },
        });
        if (verdict.kind === 'delivered' || verdict.kind === 'failed') {
          await settle(delivery, verdict.kind, verdict.kind === 'failed' ? verdict.reason : null, attemptedAt);
        }
      }
      return recorded;
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
  for (const { delivery, verdict, outcome } of results) {
    const where = { pushDeliveryId: Number(delivery.id), pushSubscriptionId: Number(delivery.subscriptionId), statusCode: outcome.statusCode };
    if (verdict.kind === 'gone') logger.info(where, 'push subscription gone (404/410): deleted');
    else if (verdict.kind === 'failed') logger.warn({ ...where, reason: verdict.reason }, 'push delivery failed');
    else if (verdict.kind === 'retry') logger.info({ ...where, nextAttemptAt: verdict.at.toISOString() }, 'push delivery will be retried');
  }
  return events;
}

/**
 * Takes the batch's subscriptions first, in id order, as deleting a subscription does (subscription,
 * then its deliveries): otherwise a batch holding one of its deliveries and a deletion holding the
 * subscription can wait for each other. SQLite has one writer at a time and needs no row locks.
 */
async function lockSubscriptions(tx: Tx, provider: DatabaseProvider, subscriptionIds: bigint[]): Promise<void> {
  if (provider !== 'postgresql') return;
  const ids = [...new Set(subscriptionIds.map(String))];
  const list = ids.map((_, i) => param(provider, i + 1)).join(', ');
  await tx.$queryRawUnsafe(`SELECT id FROM push_subscriptions WHERE id IN (${list}) ORDER BY id FOR NO KEY UPDATE`, ...ids.map(BigInt));
}
