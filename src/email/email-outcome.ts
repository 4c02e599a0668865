import type { EmailOutcome } from './smtp-sender.js';

/** After a failed attempt: wait this long before the next (the last entry repeats). */
export const EMAIL_RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** A mail the server has not taken after this long (a server down for days) is given up. */
export const EMAIL_GIVE_UP_AFTER_MS = 3 * 86_400_000;

export type EmailVerdict = { kind: 'delivered' } | { kind: 'retry'; at: Date } | { kind: 'failed'; reason: string };

/**
 * Accepted: delivered. A 5xx reply (unknown mailbox, refused): failed for good. Anything else (no
 * connection, a timeout, a 4xx "try later"): retried with back-off, so a server that is down delays
 * mail and loses none, for up to three days.
 */
export function judgeEmailOutcome(outcome: EmailOutcome, attemptsMade: number, now: Date, createdAt: Date): EmailVerdict {
  if (outcome.delivered) return { kind: 'delivered' };
  if (outcome.permanent) return { kind: 'failed', reason: outcome.error ?? `SMTP ${outcome.responseCode}` };
  const wait = EMAIL_RETRY_SCHEDULE_MS[Math.min(attemptsMade - 1, EMAIL_RETRY_SCHEDULE_MS.length - 1)]!;
  const at = new Date(now.getTime() + wait);
  if (at.getTime() - createdAt.getTime() > EMAIL_GIVE_UP_AFTER_MS) return { kind: 'failed', reason: `${outcome.error ?? 'failed'}; given up after three days` };
  return { kind: 'retry', at };
}
