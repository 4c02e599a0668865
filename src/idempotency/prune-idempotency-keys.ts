import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/** Deletes Idempotency-Keys past their 24 hours: a request with one of them is a new request again. */
export async function pruneIdempotencyKeys(deps: PruneDeps, now: Date): Promise<number> {
  const p = (n: number) => param(deps.provider, n);
  const statement = `DELETE FROM idempotency_keys WHERE id IN (
      SELECT id FROM idempotency_keys WHERE expires_at <= ${p(1)} ORDER BY expires_at LIMIT ${p(2)})`;
  const cutoff = instantParam(deps.provider, now);
  return deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(statement, cutoff, batchSize), deps.limits);
}
