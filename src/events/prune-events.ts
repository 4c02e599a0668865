import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { deleteInBatches } from '../db/delete-in-batches.js';
import { param } from '../db/raw-sql.js';
import { uuidv7Floor } from './uuid-v7.js';

export interface PruneDeps {
  db: Db;
  provider: DatabaseProvider;
  limits: { batchSize: number; maxBatches: number };
}

/**
 * Deletes outbox events made before `before` that have done their work: published to the event bus
 * and fanned out to webhook deliveries (which carry their own copy of the body). Event ids are UUIDv7,
 * ordered by time, so the primary key finds the old ones.
 */
export async function pruneEvents(deps: PruneDeps, before: Date): Promise<number> {
  const sql = `DELETE FROM events WHERE id IN (
      SELECT id FROM events
      WHERE id < ${param(deps.provider, 1)} AND published_at IS NOT NULL AND fanned_out_at IS NOT NULL
      ORDER BY id LIMIT ${param(deps.provider, 2)})`;
  const floor = uuidv7Floor(before.getTime());
  return deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(sql, floor, batchSize), deps.limits);
}
