import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import { recordDeliveryEvent } from '../notifications/record-delivery-event.js';
import type { ClaimedEmail } from './claim-email-deliveries.js';
import type { EmailVerdict } from './email-outcome.js';

/**
 * Writes an attempt's result, only while this worker's claim still holds the mail (a claim that ran out
 * and was taken over is not overwritten); a reminder that reached its end is told to webhooks
 * (`reminder.delivered` / `reminder.failed`, channel email) in the same transaction. Answers whether
 * an event was recorded.
 */
export async function recordEmailAttempt(
  db: Db,
  mail: ClaimedEmail,
  verdict: EmailVerdict,
  error: string | null,
  attemptedAt: Date,
  logger: Logger,
): Promise<boolean> {
  const state = verdict.kind === 'retry' ? 'pending' : verdict.kind;
  const recorded = await db.$transaction(async (tx) => {
    const { count } = await tx.emailDelivery.updateMany({
      where: { id: mail.id, lockedUntil: mail.lockedUntil },
      data: {
        state,
        reason: mail.reason,
        attemptCount: mail.attemptCount + 1,
        nextAttemptAt: verdict.kind === 'retry' ? verdict.at : null,
        lockedUntil: null,
        sentAt: verdict.kind === 'delivered' ? attemptedAt : null,
        lastError: verdict.kind === 'failed' ? verdict.reason : error,
        updatedAt: attemptedAt,
      },
    });
    if (count === 0 || mail.kind !== 'reminder' || verdict.kind === 'retry' || !mail.eventId) return false;
    return recordDeliveryEvent(
      tx,
      {
        channel: 'email',
        reminderEventId: mail.eventId,
        delivered: verdict.kind === 'delivered',
        sentAt: verdict.kind === 'delivered' ? attemptedAt.toISOString() : null,
        error: verdict.kind === 'failed' ? verdict.reason : null,
        reason: mail.reason,
      },
      attemptedAt,
    );
    // Queued behind a flood's fan-out and push batches, it waits rather than fail: the mail has gone,
    // and a record given up would leave it to its lease and send it again.
  }, { timeout: 30_000, maxWait: 30_000 });
  const where = { emailDeliveryId: Number(mail.id), kind: mail.kind };
  if (verdict.kind === 'failed') logger.warn({ ...where, reason: verdict.reason }, 'email delivery failed');
  else if (verdict.kind === 'retry') logger.info({ ...where, error, nextAttemptAt: verdict.at.toISOString() }, 'email delivery will be retried');
  return recorded;
}
