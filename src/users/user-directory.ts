import type { Db } from '../db/database.js';

export interface UserDirectory {
  /** Makes sure a user record exists for this id (created on first sight, time zone UTC). */
  ensureUser(userId: string): Promise<void>;
}

const KNOWN_USERS_CACHE_SIZE = 10_000;

/** Remembers recently seen users so an authenticated request costs no extra query after the first. */
export function createUserDirectory(db: Db): UserDirectory {
  const known = new Set<string>();
  return {
    async ensureUser(userId) {
      if (known.has(userId)) return;
      await db.user.upsert({ where: { id: userId }, create: { id: userId }, update: {} }).catch(async (error) => {
        // Two first requests of one user can race on the insert; the loser finds the row there.
        if ((await db.user.count({ where: { id: userId } })) === 0) throw error;
      });
      if (known.size >= KNOWN_USERS_CACHE_SIZE) known.clear();
      known.add(userId);
    },
  };
}
