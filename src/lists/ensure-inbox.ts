import type { Db } from '../db/database.js';
import { INBOX_NAME, listNameKey, type ListRecord } from './list-view.js';

/**
 * The user's Inbox, made (with the user's owner membership) when it does not exist yet. The user row
 * must exist. Two first requests may race: the one-Inbox index refuses the second insert, which then
 * reads the winner's.
 */
export async function ensureInbox(db: Db, userId: string, now: Date = new Date()): Promise<ListRecord> {
  const existing = await db.list.findFirst({ where: { ownerId: userId, inbox: true } });
  if (existing) return existing;
  try {
    return await db.$transaction(async (tx) => {
      const list = await tx.list.create({
        data: { ownerId: userId, name: INBOX_NAME, nameKey: listNameKey(INBOX_NAME), inbox: true, createdAt: now, updatedAt: now },
      });
      await tx.listMember.create({ data: { listId: list.id, userId, role: 'owner', joinedAt: now } });
      return list;
    });
  } catch (error) {
    const raced = await db.list.findFirst({ where: { ownerId: userId, inbox: true } });
    if (raced) return raced;
    throw error;
  }
}
