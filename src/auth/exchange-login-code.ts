import { randomUUID } from 'node:crypto';
import { invalidLoginCode } from './auth-errors.js';
import { hashSecret, newSecretToken } from './secret-token.js';
import type { SessionDeps } from './session-deps.js';
import { cleanUserAgent, issueSessionTokens, type SessionTokens } from './session-tokens.js';

export interface ExchangeLoginCodeInput {
  code: string;
  userAgent?: string | undefined;
}

/**
 * Spends a sign-in code and starts a session for its user. Claiming the code is one conditional update,
 * so of two exchanges of one code exactly one wins; a failed exchange changes nothing.
 */
export async function exchangeLoginCode(deps: SessionDeps, input: ExchangeLoginCodeInput): Promise<SessionTokens> {
  const now = deps.clock.now();
  const codeHash = hashSecret(input.code);
  const refreshToken = newSecretToken();
  const session = await deps.db.$transaction(async (tx) => {
    const claimed = await tx.loginCode.updateMany({
      where: { codeHash, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (claimed.count !== 1) throw invalidLoginCode();
    const { userId } = await tx.loginCode.findUniqueOrThrow({ where: { codeHash }, select: { userId: true } });
    return tx.authSession.create({
      data: {
        id: randomUUID(),
        userId,
        refreshTokenHash: hashSecret(refreshToken),
        refreshExpiresAt: new Date(now.getTime() + deps.config.idleTtlMs),
        createdAt: now,
        lastUsedAt: now,
        userAgent: cleanUserAgent(input.userAgent),
      },
      select: { id: true, userId: true },
    });
  });
  deps.logger.info({ userId: session.userId, sessionId: session.id }, 'signed in with a link');
  return issueSessionTokens(deps, session, refreshToken, now);
}
