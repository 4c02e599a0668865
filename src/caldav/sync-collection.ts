import { findCalendarObjectsById, listCalendarObjects } from './calendar-objects.js';
import { davError } from './dav-errors.js';
import { dav } from './dav-namespaces.js';
import { collectionPath, objectPath } from './dav-paths.js';
import { objectNode } from './dav-properties.js';
import type { PropSelection } from './dav-requests.js';
import type { DavHandlerDeps, DavRequest } from './dav-request.js';
import type { CalendarCollection } from './list-collections.js';
import { writeMultistatus, type MultistatusEntry } from './multistatus.js';
import { propstatsOf, vtodoOptionsOf } from './propfind.js';
import { syncState, syncTokenOf } from './sync-tokens.js';

/*
 * sync-collection (RFC 6578). Database triggers number every change of a list's tasks from the list's
 * counter (caldav_sync) and keep each task's latest change in that list (caldav_changes), deletions
 * and moves out as tombstones with the name the object had. A token is the list and a number; the
 * changes since it are one indexed read of the rows numbered after it, whatever the list's size.
 */

const invalidToken = () => davError(403, 'caldav/forbidden', 'The sync-token is not one this collection gave out, or is too old; sync again from scratch', dav('valid-sync-token'));

/**
 * The number a token names; null for none (a first sync). A token of another collection, from the
 * future, or older than the list's floor (a deletion since it was pruned, 30 days on) is invalid.
 */
function readToken(token: string, listId: bigint, { seq: current, floor }: { seq: bigint; floor: bigint }): bigint | null {
  if (token === '') return null;
  const match = /^urn:tickler:sync:(\d{1,19})-(\d{1,19})$/.exec(token);
  if (!match || BigInt(match[1]!) !== listId) throw invalidToken();
  const seq = BigInt(match[2]!);
  if (seq < 1n || seq > current || seq < floor) throw invalidToken();
  return seq;
}

export interface SyncQuery {
  select: PropSelection;
  syncToken: string;
  level: string;
  limit: number | undefined;
}

/**
 * The collection's members changed since the token (all of them for a first sync) with the asked
 * properties, the ones gone as 404s, and the new token. With a limit, the oldest changes up to it and
 * a 507 for the collection (RFC 6578 3.6), the token then covering only those.
 */
export async function syncCollection(request: DavRequest, deps: DavHandlerDeps, collection: CalendarCollection, query: SyncQuery): Promise<unknown> {
  if (request.resource.kind !== 'collection') throw davError(403, 'caldav/forbidden', 'sync-collection is answered on a task collection', dav('supported-report'));
  if (query.level !== '1' && query.level !== 'infinite') throw davError(400, 'caldav/invalid', 'sync-level must be 1 or infinite');
  const { caller } = request;
  const userId = caller.userId;
  // Read before the changes: a change numbered later is answered now and again next time, never lost.
  const state = await syncState(caller.db, collection.listId);
  const current = state.seq;
  const since = readToken(query.syncToken, collection.listId, state);
  const options = await vtodoOptionsOf(request, deps);
  const entries: MultistatusEntry[] = [];
  let token = current;
  if (since === null) {
    for (const entry of await listCalendarObjects(caller, collection)) {
      const node = objectNode(userId, collection, entry, options);
      entries.push({ href: node.path, propstats: await propstatsOf(node, query.select) });
    }
  } else {
    const take = query.limit === undefined ? undefined : query.limit + 1;
    const changes = await caller.db.caldavChange.findMany({ where: { listId: collection.listId, seq: { gt: since } }, orderBy: { seq: 'asc' }, ...(take ? { take } : {}) });
    const truncated = query.limit !== undefined && changes.length > query.limit;
    const shown = truncated ? changes.slice(0, query.limit) : changes;
    const objects = await findCalendarObjectsById(caller, collection, shown.filter((change) => !change.deleted).map((change) => change.taskId));
    for (const change of shown) {
      if (change.deleted) {
        entries.push({ href: objectPath(userId, collection.id, change.name ?? `tickler-${change.taskId}.ics`), status: 404 });
        continue;
      }
      const entry = objects.get(change.taskId);
      // Moved out or deleted since it was numbered: its tombstone comes with a later number.
      if (!entry) continue;
      const node = objectNode(userId, collection, entry, options);
      entries.push({ href: node.path, propstats: await propstatsOf(node, query.select) });
    }
    if (truncated) {
      token = shown.at(-1)!.seq;
      entries.push({ href: collectionPath(userId, collection.id), status: 507 });
    } else if (shown.length > 0 && shown.at(-1)!.seq > token) {
      token = shown.at(-1)!.seq;
    }
  }
  return request.reply.code(207).type('application/xml; charset=utf-8').send(writeMultistatus(entries, syncTokenOf(collection.listId, token)));
}
