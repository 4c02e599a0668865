import type { Db } from '../db/database.js';
import type { ClaimedEmail } from './claim-email-deliveries.js';

/** How often a waiting fallback looks at the reminder's push deliveries again. */
export const FALLBACK_RECHECK_MS = 15_000;
/** Push messages expire with REMINDER_GRACE (1 h by default); a fallback waits no longer than this for them. */
export const FALLBACK_MAX_WAIT_MS = 2 * 3_600_000;

export type FallbackDecision =
  | { kind: 'send'; reason: string }
  /** A push delivery got through: no mail. */
  | { kind: 'skip' }
  /** Push is still trying. */
  | { kind: 'wait'; until: Date };

/**
 * A fallback mail waits while the reminder's push deliveries are still being tried: one that got
 * through makes it unneeded; when every one failed, or none is left (the browsers' subscriptions were
 * gone and deleted), the mail goes out, saying why.
 */
export async function resolveFallback(db: Db, mail: ClaimedEmail, now: Date): Promise<FallbackDecision> {
  const pushes = await db.pushDelivery.findMany({ where: { userId: mail.userId, eventId: mail.eventId ?? '' }, select: { state: true } });
  if (pushes.some((push) => push.state === 'delivered')) return { kind: 'skip' };
  if (pushes.some((push) => push.state === 'pending')) {
    if (now.getTime() - mail.createdAt.getTime() >= FALLBACK_MAX_WAIT_MS) return { kind: 'send', reason: 'fallback: push did not get through in time' };
    return { kind: 'wait', until: new Date(now.getTime() + FALLBACK_RECHECK_MS) };
  }
  if (pushes.length === 0) return { kind: 'send', reason: 'fallback: no live push subscription' };
  return { kind: 'send', reason: 'fallback: every push attempt failed' };
}
