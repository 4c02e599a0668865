import type { ServiceContext } from '../context.js';

export interface SessionView {
  id: string;
  createdAt: Date;
  /** The last sign-in or refresh (tokens are issued then; using an access token does not count). */
  lastUsedAt: Date;
  userAgent: string | null;
  /** The session of the token this request was made with. */
  current: boolean;
}

export const SESSION_LIST_MAX = 100;

/** The caller's active sessions (at most SESSION_LIST_MAX), most recently used first: neither revoked nor past their refresh token's expiry. */
export async function listSessions(ctx: ServiceContext): Promise<SessionView[]> {
  const rows = await ctx.db.authSession.findMany({
    where: { userId: ctx.userId, revokedAt: null, refreshExpiresAt: { gt: ctx.clock.now() } },
    orderBy: [{ lastUsedAt: 'desc' }, { id: 'asc' }],
    select: { id: true, createdAt: true, lastUsedAt: true, userAgent: true },
    take: SESSION_LIST_MAX,
  });
  return rows.map((row) => ({ ...row, current: row.id === ctx.sessionId }));
}
