import type { Db } from '../db/database.js';

/** A collection's sync token (RFC 6578): its list and the list's change number. */
export const syncTokenOf = (listId: bigint, seq: bigint) => `urn:tickler:sync:${listId}-${seq}`;

/** The list's last change number (1 for a list nothing has happened in yet); database triggers keep it. */
export async function currentSyncSeq(db: Db, listId: bigint): Promise<bigint> {
  return (await db.caldavSync.findUnique({ where: { listId } }))?.seq ?? 1n;
}

/**
 * The list's last change number and its floor: the newest number whose tombstone was pruned (a token
 * below it may miss a deletion; src/caldav/prune-tombstones.ts).
 */
export async function syncState(db: Db, listId: bigint): Promise<{ seq: bigint; floor: bigint }> {
  const row = await db.caldavSync.findUnique({ where: { listId }, select: { seq: true, floor: true } });
  return row ?? { seq: 1n, floor: 0n };
}

/** The collection's current sync token. */
export async function currentSyncToken(db: Db, listId: bigint): Promise<string> {
  return syncTokenOf(listId, await currentSyncSeq(db, listId));
}
