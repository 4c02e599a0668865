import { deleteInBatches } from '../db/delete-in-batches.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { PruneDeps } from '../events/prune-events.js';

/** How long a sync-token stays good (RFC 6578 leaves it to the server; issue 24 asks for 30 days). */
export const SYNC_TOKEN_LIFETIME_MS = 30 * 86_400_000;

/*
 * A tombstone (a task deleted or moved out of a list) is what tells a client with an old token to drop
 * the object, so it must outlive every token that could still need it. The triggers that write
 * caldav_changes know no clock (the service's is injected), so prune-history stamps each tombstone when
 * it first sees it, with the change number it saw: a later change of the row moves its seq and the
 * stamp no longer counts. A stamp is at most one prune interval late, which only lengthens a token's life.
 */

const stale = '"deleted" AND ("tombstoned_seq" IS NULL OR "tombstoned_seq" <> "seq")';
const expired = (cutoff: string) => `"deleted" AND "tombstoned_seq" = "seq" AND "tombstoned_at" < ${cutoff}`;

/**
 * Stamps new tombstones with `now`, raises each list's floor to its newest tombstone stamped before
 * `before`, then deletes those tombstones. A token numbered below its list's floor may miss one of them
 * and is refused (valid-sync-token), so the client syncs from scratch rather than keeping a deleted task.
 */
export async function pruneSyncTombstones(deps: PruneDeps, now: Date, before: Date): Promise<number> {
  const p = (n: number) => param(deps.provider, n);
  await deps.db.$executeRawUnsafe(`UPDATE "caldav_changes" SET "tombstoned_at" = ${p(1)}, "tombstoned_seq" = "seq" WHERE ${stale}`, instantParam(deps.provider, now));
  const cutoff = instantParam(deps.provider, before);
  // The floor first: should the deletion stop half way, the tokens it refuses are only refused early.
  const newest = `SELECT MAX(c."seq") FROM "caldav_changes" c
      WHERE c."list_id" = "caldav_sync"."list_id" AND c."deleted" AND c."tombstoned_seq" = c."seq" AND c."tombstoned_at" < ${p(1)}`;
  await deps.db.$executeRawUnsafe(
    `UPDATE "caldav_sync" SET "floor" = CASE WHEN (${newest}) > "floor" THEN (${newest.replace(p(1), p(2))}) ELSE "floor" END
     WHERE "list_id" IN (SELECT "list_id" FROM "caldav_changes" WHERE ${expired(p(3))})`,
    cutoff,
    cutoff,
    cutoff,
  );
  const sql = `DELETE FROM "caldav_changes" WHERE ("list_id", "task_id") IN (
      SELECT "list_id", "task_id" FROM "caldav_changes" WHERE ${expired(p(1))} LIMIT ${p(2)})`;
  return deleteInBatches((batchSize) => deps.db.$executeRawUnsafe(sql, cutoff, batchSize), deps.limits);
}
