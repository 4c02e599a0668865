import { createHash } from 'node:crypto';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { canonicalSecret, DECOY_HASH, matchesAppPasswordHash } from './app-password-secret.js';

/** lastUsedAt is written at most this often per password (clients send a request every few seconds). */
const LAST_USED_RESOLUTION_MS = 60_000;
/** A verified password skips the slow hash for this long (the row is still read on every request). */
const VERIFIED_TTL_MS = 10 * 60_000;
const VERIFIED_MAX = 10_000;

export interface AppPasswordAuthenticator {
  /** The id of the user's app password that `password` is, or null (wrong, revoked, unknown user). */
  authenticate(userId: string, password: string): Promise<bigint | null>;
}

/**
 * Checks HTTP Basic credentials against the user's app passwords. CalDAV clients send them with every
 * request, so a password once verified is remembered in this process by a digest of (user, password)
 * and the slow hash is skipped; the row is still read each time, so a revoked password (deleted on any
 * instance) is refused at the next request.
 */
export function createAppPasswordAuthenticator(deps: { db: Db; clock: Clock }): AppPasswordAuthenticator {
  const verified = new Map<string, { id: bigint; until: number }>();

  const touch = async (row: { id: bigint; lastUsedAt: Date | null }) => {
    const now = deps.clock.now();
    if (row.lastUsedAt && now.getTime() - row.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
    await deps.db.appPassword.updateMany({ where: { id: row.id }, data: { lastUsedAt: now } });
  };

  const remember = (key: string, id: bigint) => {
    if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    verified.set(key, { id, until: Date.now() + VERIFIED_TTL_MS });
  };

  return {
    async authenticate(userId, password) {
      const secret = canonicalSecret(password);
      const key = createHash('sha256').update(userId).update('\u0000').update(secret).digest('base64url');
      const known = verified.get(key);
      if (known && known.until > Date.now()) {
        const row = await deps.db.appPassword.findFirst({ where: { id: known.id, userId }, select: { id: true, lastUsedAt: true } });
        if (!row) {
          verified.delete(key);
          return null;
        }
        await touch(row);
        return row.id;
      }
      const rows = await deps.db.appPassword.findMany({ where: { userId }, select: { id: true, secretHash: true, lastUsedAt: true } });
      if (rows.length === 0) {
        await matchesAppPasswordHash(secret, DECOY_HASH);
        return null;
      }
      for (const row of rows) {
        if (await matchesAppPasswordHash(secret, row.secretHash)) {
          remember(key, row.id);
          await touch(row);
          return row.id;
        }
      }
      return null;
    },
  };
}
