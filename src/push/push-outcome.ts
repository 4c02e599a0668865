import type { PushOutcome } from './send-push.js';

/** After a failed attempt: wait this long before the next one (the last entry repeats), until the message expires. */
export const PUSH_RETRY_SCHEDULE_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];
/** A Retry-After longer than this is not waited for in full. */
const RETRY_AFTER_MAX_MS = 6 * 3_600_000;

/** What becomes of a delivery after an attempt (RFC 8030 answers). */
export type PushVerdict =
  | { kind: 'delivered' }
  /** 404 or 410: the subscription has expired or was unsubscribed; it is deleted. */
  | { kind: 'gone' }
  | { kind: 'retry'; at: Date }
  | { kind: 'failed'; reason: string };

/**
 * 2xx: delivered. 404/410: the subscription is gone. 429, 5xx, timeouts and connection errors: retried
 * with backoff, not before the answer's Retry-After, until the message expires. 413 (too large) and
 * any other 4xx: failed for good, since sending the same request again cannot succeed.
 */
export function judgePushOutcome(outcome: PushOutcome, attemptsMade: number, now: Date, expiresAt: Date): PushVerdict {
  const status = outcome.statusCode;
  if (status !== null && status >= 200 && status < 300) return { kind: 'delivered' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (outcome.refused) return { kind: 'failed', reason: outcome.error ?? 'refused' };
  if (status === 413) return { kind: 'failed', reason: 'HTTP 413: the push service refused the message as too large' };
  const transient = status === null || status === 429 || status >= 500;
  if (!transient) return { kind: 'failed', reason: outcome.error ?? `HTTP ${status}` };
  const backoff = PUSH_RETRY_SCHEDULE_MS[Math.min(attemptsMade - 1, PUSH_RETRY_SCHEDULE_MS.length - 1)]!;
  // A Retry-After is what the push service asked for: it replaces the backoff (at least a second, at most 6 h).
  const wait = outcome.retryAfterMs === null ? backoff : Math.min(Math.max(outcome.retryAfterMs, 1000), RETRY_AFTER_MAX_MS);
  const at = new Date(now.getTime() + wait);
  if (at.getTime() >= expiresAt.getTime()) return { kind: 'failed', reason: `${outcome.error ?? 'failed'}; the message expires before a retry` };
  return { kind: 'retry', at };
}
