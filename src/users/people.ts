import type { Db, Tx } from '../db/database.js';

/** How a user appears to the people they share lists with. */
export interface Person {
  id: string;
  /** Their display name, or their user id when they have none (or their account is gone). */
  displayName: string;
}

export async function readPeople(db: Db | Tx, userIds: readonly string[]): Promise<Map<string, Person>> {
  const ids = [...new Set(userIds)];
  const users = ids.length === 0 ? [] : await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, displayName: true } });
  const names = new Map(users.map((u) => [u.id, u.displayName]));
  return new Map(ids.map((id) => [id, { id, displayName: names.get(id) ?? id }]));
}
