import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/**
 * Deletes mails that reached their end (delivered, failed, skipped) before `before` (WEBHOOK_LOG_RETENTION,
 * so the delivery log keeps push and email for as long), and links past their expiry, which can do
 * nothing any more. A digest's row outlives its day by far, so the day is never looked at again.
 */
export async function pruneEmailLog(deps: PruneDeps, before: Date, now: Date): Promise<number> {
  const p = (n: number) => param(deps.provider, n);
  const mails = `DELETE FROM email_deliveries WHERE id IN (
      SELECT id FROM email_deliveries WHERE state IN ('delivered', 'failed', 'skipped') AND updated_at <= ${p(1)} ORDER BY id LIMIT ${p(2)})`;
  const links = `DELETE FROM email_links WHERE id IN (SELECT id FROM email_links WHERE expires_at <= ${p(1)} ORDER BY id LIMIT ${p(2)})`;
  const cutoff = instantParam(deps.provider, before);
  const expired = instantParam(deps.provider, now);
  return (
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(mails, cutoff, batchSize), deps.limits)) +
    (await deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(links, expired, batchSize), deps.limits))
  );
}
