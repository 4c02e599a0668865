import type { Db } from '../db/database.js';
import { ensureInbox } from '../lists/ensure-inbox.js';

export interface UserDirectory {
  /**
   * Makes sure a user record and its Inbox exist for this id (created on first sight, time zone UTC). `deletedAt`:
   * when the user's account was last deleted, so a record remembered from before that is made again.
   * `displayName`: the token's name claim, which a user without a display name starts with.
   */
  ensureUser(userId: string, deletedAt?: Date, displayName?: string): Promise<void>;
  /** Forgets a user this instance knew (its account was just deleted). */
  forget(userId: string): void;
}

const KNOWN_USERS_CACHE_SIZE = 10_000;

/** Remembers recently seen users so an authenticated request costs no extra query after the first. */
export function createUserDirectory(db: Db): UserDirectory {
  /** User id → when this instance last made sure its record exists (epoch ms). */
  const known = new Map<string, number>();
  return {
    async ensureUser(userId, deletedAt, displayName) {
      const knownSince = known.get(userId);
      if (knownSince !== undefined && (deletedAt === undefined || knownSince > deletedAt.getTime())) return;
      const ensuredAt = Date.now();
      await db.user.upsert({ where: { id: userId }, create: { id: userId, displayName: displayName ?? null }, update: {} }).catch(async (error) => {
        // Two first requests of one user can race on the insert; the loser finds the row there.
        if ((await db.user.count({ where: { id: userId } })) === 0) throw error;
      });
      // A user made before the provider sent a name (or some other way) takes it once; a name they set stays.
      if (displayName !== undefined) await db.user.updateMany({ where: { id: userId, displayName: null }, data: { displayName } });
      await ensureInbox(db, userId);
      if (known.size >= KNOWN_USERS_CACHE_SIZE) known.clear();
      known.set(userId, ensuredAt);
    },
    forget(userId) {
      known.delete(userId);
    },
  };
}
