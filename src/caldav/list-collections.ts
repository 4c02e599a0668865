import type { Db } from '../db/database.js';
import type { Prisma } from '../generated/sqlite/client.js';
import { isListRole, type ListRole } from '../lists/list-rights.js';
import type { ListRecord } from '../lists/list-view.js';

/** The path segment of the user's own Inbox (kept from before lists: clients set up then still find it). */
export const INBOX_SEGMENT = 'inbox';

/** One calendar collection of a user's calendar home: one of the lists they are a member of. */
export interface CalendarCollection {
  /** The path segment under the calendar home: `inbox` for the user's own Inbox, else the list id. */
  id: string;
  listId: bigint;
  /** Whether it is the user's own Inbox (which cannot be deleted). */
  inbox: boolean;
  displayName: string;
  /** `#rrggbb`, or null for none. */
  color: string | null;
  /** The user's role in the list: what the collection's privileges say. */
  role: ListRole;
  /** Which tasks it holds. */
  tasks: Prisma.TaskWhereInput;
}

/** Segments the service gives (the Inbox's, list ids): a client cannot choose one for a list it makes. */
export function isServiceSegment(segment: string): boolean {
  return segment === INBOX_SEGMENT || /^\d+$/.test(segment);
}

function collectionOf(userId: string, list: ListRecord, role: string, segment?: string): CalendarCollection | null {
  if (!isListRole(role)) return null;
  const ownInbox = list.inbox && list.ownerId === userId;
  return {
    id: ownInbox ? INBOX_SEGMENT : (segment ?? String(list.id)),
    listId: list.id,
    inbox: ownInbox,
    displayName: list.name,
    color: list.color,
    role,
    tasks: { listId: list.id },
  };
}

/** The user's calendar collections: one per list they are a member of (own and shared), Inbox first, then by name. */
export async function listCollections(db: Db, userId: string): Promise<CalendarCollection[]> {
  const [memberships, chosen] = await Promise.all([
    db.listMember.findMany({ where: { userId }, include: { list: true } }),
    db.caldavCollection.findMany({ where: { userId } }),
  ]);
  const segments = new Map(chosen.map((row) => [row.listId, row.segment]));
  return memberships
    .flatMap(({ list, role }) => collectionOf(userId, list, role, segments.get(list.id)) ?? [])
    .sort((a, b) => {
      if (a.inbox !== b.inbox) return a.inbox ? -1 : 1;
      const byName = a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' });
      return byName !== 0 ? byName : a.listId < b.listId ? -1 : 1;
    });
}

/** One of the user's collections by its path segment, or null (a list they are no member of is not there). */
export async function findCollection(db: Db, userId: string, id: string): Promise<CalendarCollection | null> {
  if (id === INBOX_SEGMENT) {
    const inbox = await db.list.findFirst({ where: { ownerId: userId, inbox: true }, include: { members: { where: { userId } } } });
    return inbox && inbox.members[0] ? collectionOf(userId, inbox, inbox.members[0].role) : null;
  }
  if (!isServiceSegment(id)) {
    const chosen = await db.caldavCollection.findUnique({ where: { userId_segment: { userId, segment: id } } });
    const member = chosen && (await db.listMember.findUnique({ where: { listId_userId: { listId: chosen.listId, userId } }, include: { list: true } }));
    return member ? collectionOf(userId, member.list, member.role, id) : null;
  }
  if (!/^[1-9]\d{0,18}$/.test(id)) return null;
  const [member, chosen] = await Promise.all([
    db.listMember.findUnique({ where: { listId_userId: { listId: BigInt(id), userId } }, include: { list: true } }),
    db.caldavCollection.findUnique({ where: { userId_listId: { userId, listId: BigInt(id) } } }),
  ]);
  const collection = member && collectionOf(userId, member.list, member.role, chosen?.segment);
  // One path per collection: the own Inbox is at `inbox`, a list a client made where it chose.
  return collection && collection.id === id ? collection : null;
}
