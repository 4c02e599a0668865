import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/**
 * Deletes delivered and failed deliveries last changed before `before`, with their attempts (the
 * foreign key cascades). Pending deliveries stay, however old: they still have to go out.
 */
export async function pruneWebhookLog(deps: PruneDeps, before: Date): Promise<number> {
  const sql = `DELETE FROM webhook_deliveries WHERE id IN (
      SELECT id FROM webhook_deliveries
      WHERE state IN ('delivered', 'failed') AND updated_at < ${param(deps.provider, 1)}
      ORDER BY id LIMIT ${param(deps.provider, 2)})`;
  const cutoff = instantParam(deps.provider, before);
  return deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(sql, cutoff, batchSize), deps.limits);
}
