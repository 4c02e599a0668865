import { invalidRefreshToken } from './auth-errors.js';
import { revokeSessionsWhere } from './revoke-sessions.js';
import { hashSecret, successorToken } from './secret-token.js';
import type { SessionDeps } from './session-deps.js';
import { cleanUserAgent, issueSessionTokens, type SessionTokens } from './session-tokens.js';

export interface RefreshSessionInput {
  refreshToken: string;
  userAgent?: string | undefined;
}

/**
 * Rotates a session's refresh token: the one presented is spent, its successor and a new access token
 * come back. A spent token presented again means two parties hold the session's tokens (OAuth 2.0
 * Security BCP, refresh token rotation): the whole session is revoked, the legitimate holder signs in
 * again. Except within SESSION_REFRESH_GRACE of its rotation while its successor is still the session's
 * current token: then the first answer was lost (a tab closed or reloaded mid-refresh, a dropped
 * connection) or two clients of one browser asked at once, and the same successor is answered again.
 */
export async function refreshSession(deps: SessionDeps, input: RefreshSessionInput): Promise<SessionTokens> {
  const now = deps.clock.now();
  const presented = hashSecret(input.refreshToken);
  const next = successorToken(deps.key.refreshSecret, input.refreshToken);
  const userAgent = cleanUserAgent(input.userAgent);
  const rotated = await deps.db.$transaction(async (tx) => {
    const session = await tx.authSession.findUnique({ where: { refreshTokenHash: presented }, select: { id: true, userId: true } });
    if (!session) return null;
    // Conditional on the token still being current and the session alive: of two concurrent refreshes
    // with one token only one swaps it; the other finds it spent below.
    const swapped = await tx.authSession.updateMany({
      where: { id: session.id, refreshTokenHash: presented, revokedAt: null, refreshExpiresAt: { gt: now } },
      data: {
        refreshTokenHash: hashSecret(next),
        refreshExpiresAt: new Date(now.getTime() + deps.config.idleTtlMs),
        lastUsedAt: now,
        ...(userAgent === null ? {} : { userAgent }),
      },
    });
    if (swapped.count !== 1) return null;
    await tx.spentRefreshToken.create({ data: { tokenHash: presented, sessionId: session.id, spentAt: now } });
    return session;
  });
  if (rotated) return issueSessionTokens(deps, rotated, next, now);

  const spent = await deps.db.spentRefreshToken.findUnique({ where: { tokenHash: presented }, select: { sessionId: true, spentAt: true } });
  if (!spent) throw invalidRefreshToken();
  if (now.getTime() - spent.spentAt.getTime() <= deps.config.refreshGraceMs) {
    const current = await deps.db.authSession.findFirst({
      where: { id: spent.sessionId, refreshTokenHash: hashSecret(next), revokedAt: null, refreshExpiresAt: { gt: now } },
      select: { id: true, userId: true },
    });
    if (current) {
      deps.logger.info({ sessionId: current.id }, 'a refresh token was presented again within the grace; its successor answered again');
      return issueSessionTokens(deps, current, next, now);
    }
  }
  const revoked = await revokeSessionsWhere(deps.db, now, { id: spent.sessionId }, 'reuse');
  if (revoked.length > 0) {
    deps.sessionsRevoked?.(revoked);
    deps.logger.warn({ sessionId: spent.sessionId }, 'a spent refresh token was presented again; session revoked');
  }
  throw invalidRefreshToken();
}
