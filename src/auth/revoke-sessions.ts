import type { Prisma } from '../generated/sqlite/client.js';
import type { Db } from '../db/database.js';

/** Why a session ended, kept on the row: the caller signed out, revoked it from a list, reused a refresh token, or an operator signed the user out everywhere. */
export type RevokeReason = 'logout' | 'revoked' | 'reuse' | 'logout-all';

/**
 * Revokes the still-active sessions that `where` matches; answers their ids. Revocation is final: a
 * revoked session's refresh token fails at once and its access tokens within the verifier's bound.
 */
export async function revokeSessionsWhere(
  db: Db,
  now: Date,
  where: Prisma.AuthSessionWhereInput,
  reason: RevokeReason,
): Promise<string[]> {
  const active = { ...where, revokedAt: null };
  const ids = (await db.authSession.findMany({ where: active, select: { id: true } })).map((row) => row.id);
  if (ids.length === 0) return [];
  // The id list bounds what is told to the caches; the update itself catches sessions created meanwhile.
  await db.authSession.updateMany({ where: active, data: { revokedAt: now, revokedReason: reason } });
  return ids;
}
