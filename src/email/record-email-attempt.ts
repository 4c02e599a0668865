import { execute, runSqlProgram, type SqlProgram, type SqlTarget } from '../db/sql-program.js';
import type { Logger } from '../logger.js';
import { recordDeliveryEvent } from '../notifications/record-delivery-event.js';
import type { ClaimedEmail } from './claim-email-deliveries.js';
import type { EmailVerdict } from './email-outcome.js';

export interface EmailAttemptResult {
  mail: ClaimedEmail;
  verdict: EmailVerdict;
  error: string | null;
  attemptedAt: Date;
}

/**
 * Writes attempts' results in one transaction, each only while this worker's claim still holds the mail
 * (a claim that ran out and was taken over is not overwritten); a reminder that reached its end is told
 * to webhooks (`reminder.delivered` / `reminder.failed`, channel email) in the same transaction.
 * Answers, for each result, whether an event was recorded.
 */
export async function recordEmailAttempts(target: SqlTarget, results: EmailAttemptResult[], logger: Logger): Promise<boolean[]> {
  if (results.length === 0) return [];
  // Queued behind a flood's fan-out and push batches, it waits rather than fail: the mail has gone,
  // and a record given up would leave it to its lease and send it again.
  const recorded = await runSqlProgram(target, function* () {
    const events: boolean[] = [];
    for (const result of results) events.push(yield* recordOne(result));
    return events;
  });
  for (const { mail, verdict, error } of results) {
    const where = { emailDeliveryId: Number(mail.id), kind: mail.kind };
    if (verdict.kind === 'failed') logger.warn({ ...where, reason: verdict.reason }, 'email delivery failed');
    else if (verdict.kind === 'retry') logger.info({ ...where, error, nextAttemptAt: verdict.at.toISOString() }, 'email delivery will be retried');
  }
  return recorded;
}

function* recordOne({ mail, verdict, error, attemptedAt }: EmailAttemptResult): SqlProgram<boolean> {
  const changed = yield* execute(
    `UPDATE email_deliveries SET state = ?, reason = ?, attempt_count = ?, next_attempt_at = ?, locked_until = NULL, sent_at = ?,
       last_error = ?, updated_at = ? WHERE id = ? AND locked_until = ?`,
    verdict.kind === 'retry' ? 'pending' : verdict.kind,
    mail.reason,
    mail.attemptCount + 1,
    verdict.kind === 'retry' ? verdict.at : null,
    verdict.kind === 'delivered' ? attemptedAt : null,
    verdict.kind === 'failed' ? verdict.reason : error,
    attemptedAt,
    mail.id,
    mail.lockedUntil,
  );
  if (changed === 0 || mail.kind !== 'reminder' || verdict.kind === 'retry' || !mail.eventId) return false;
  return yield* recordDeliveryEvent(
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
}
