import type { ServiceContext } from '../context.js';
import { noSession, sessionNotFound } from './auth-errors.js';
import { revokeSessionsWhere, type RevokeReason } from './revoke-sessions.js';

const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function revokeOwn(ctx: ServiceContext, sessionId: string, reason: RevokeReason): Promise<boolean> {
  const revoked = await revokeSessionsWhere(ctx.db, ctx.clock.now(), { id: sessionId, userId: ctx.userId }, reason);
  if (revoked.length > 0) ctx.sessionsRevoked?.(revoked);
  return revoked.length > 0;
}

/**
 * Revokes one of the caller's sessions (the current one included): true when it was active, false when
 * it had already ended. Another user's session answers not found, exactly like a missing one.
 */
export async function revokeSession(ctx: ServiceContext, sessionId: string): Promise<boolean> {
  // Session ids are UUIDs; anything else is unknown without asking the database (which may refuse some text, like NUL).
  if (!SESSION_ID.test(sessionId)) throw sessionNotFound();
  const session = await ctx.db.authSession.findFirst({ where: { id: sessionId, userId: ctx.userId }, select: { id: true } });
  if (!session) throw sessionNotFound();
  return revokeOwn(ctx, session.id, 'revoked');
}

/** Signs the caller's own session out: its refresh token fails at once, its access tokens soon after. */
export async function revokeCurrentSession(ctx: ServiceContext): Promise<void> {
  if (ctx.sessionId === undefined) throw noSession();
  await revokeOwn(ctx, ctx.sessionId, 'logout');
}
