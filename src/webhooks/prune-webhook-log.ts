import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/**
 * Deletes, with their attempts (the foreign key cascades), the deliveries that are history by
 * `before`: delivered or failed ones last changed before it, and pending ones made before it for an
 * endpoint that is disabled (re-enabling it then resumes only the newer ones, not months of stale
 * events). Pending deliveries of enabled endpoints stay however old: they still have to go out.
 */
export async function pruneWebhookLog(deps: PruneDeps, before: Date): Promise<number> {
  const p = (n: number) => param(deps.provider, n);
  const finished = `DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE state IN ('delivered', 'failed') AND updated_at < ${p(1)}
      ORDER BY id LIMIT ${p(2)})`;
  const abandoned = `DELETE FROM webhook_deliveries WHERE id IN (
      SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
      WHERE d.state = 'pending' AND NOT e.enabled AND d.created_at < ${p(1)}
      ORDER BY d.id LIMIT ${p(2)})`;
  const cutoff = instantParam(deps.provider, before);
  return (
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(finished, cutoff, batchSize), deps.limits)) +
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(abandoned, cutoff, batchSize), deps.limits))
  );
}
