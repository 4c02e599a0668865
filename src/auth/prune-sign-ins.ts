import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/** Ended sign-ins are kept this long after they end (for a look at what happened), then deleted. */
export const ENDED_SIGN_IN_RETENTION_MS = 7 * 86_400_000;

/**
 * Deletes login codes that expired, and sessions that ended (revoked, or refresh token expired), more
 * than ENDED_SIGN_IN_RETENTION_MS before `now`, with their spent refresh tokens (the foreign key
 * cascades). Nothing checks an ended session's tokens any more: a deleted one's are simply unknown.
 */
export async function pruneSignIns(deps: PruneDeps, now: Date): Promise<number> {
  const p = (n: number) => param(deps.provider, n);
  const cutoff = instantParam(deps.provider, new Date(now.getTime() - ENDED_SIGN_IN_RETENTION_MS));
  const codes = `DELETE FROM login_codes WHERE code_hash IN (
      SELECT code_hash FROM login_codes WHERE expires_at < ${p(1)} ORDER BY expires_at LIMIT ${p(2)})`;
  const sessions = `DELETE FROM auth_sessions WHERE id IN (
      SELECT id FROM auth_sessions WHERE revoked_at < ${p(1)} OR refresh_expires_at < ${p(2)} LIMIT ${p(3)})`;
  return (
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(codes, cutoff, batchSize), deps.limits)) +
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(sessions, cutoff, cutoff, batchSize), deps.limits))
  );
}
