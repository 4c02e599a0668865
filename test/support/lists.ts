import type { Db } from '../../src/db/database.js';
import { ensureInbox } from '../../src/lists/ensure-inbox.js';
import type { ListRole } from '../../src/lists/list-rights.js';

/**
 * A list of `owner`'s with these other members, written straight to the database (users made as on
 * first sight), for tests of what members may do before they test how they became members.
 */
export async function makeSharedList(db: Db, owner: string, name: string, members: Record<string, ListRole> = {}): Promise<bigint> {
  const now = new Date();
  for (const userId of [owner, ...Object.keys(members)]) {
    await db.user.upsert({ where: { id: userId }, create: { id: userId }, update: {} });
    await ensureInbox(db, userId);
  }
  const list = await db.list.create({ data: { ownerId: owner, name, nameKey: name.trim().toLowerCase(), createdAt: now, updatedAt: now } });
  await db.listMember.create({ data: { listId: list.id, userId: owner, role: 'owner', joinedAt: now } });
  for (const [userId, role] of Object.entries(members)) {
    await db.listMember.create({ data: { listId: list.id, userId, role, joinedAt: now } });
  }
  return list.id;
}
