import { issueLocalToken } from './issue-local-token.js';
import type { SessionDeps } from './session-deps.js';

/** What a sign-in or a refresh hands the client (the transport words it as an OAuth 2 token response). */
export interface SessionTokens {
  accessToken: string;
  tokenType: 'Bearer';
  /** Seconds the access token is accepted. */
  expiresIn: number;
  /** Single use: the next refresh needs it, and spends it. */
  refreshToken: string;
  sessionId: string;
}

/** A fresh access token for the session, beside the refresh token just stored (hashed) for it. */
export async function issueSessionTokens(
  deps: Pick<SessionDeps, 'key' | 'config'>,
  session: { id: string; userId: string },
  refreshToken: string,
  now: Date,
): Promise<SessionTokens> {
  const expiresIn = Math.floor(deps.config.accessTtlMs / 1000);
  const accessToken = await issueLocalToken({ key: deps.key, userId: session.userId, ttlSeconds: expiresIn, now, sessionId: session.id });
  return { accessToken, tokenType: 'Bearer', expiresIn, refreshToken, sessionId: session.id };
}

const USER_AGENT_MAX_LENGTH = 512;

/** The User-Agent as stored and shown in the session list: printable, bounded, null when absent. */
export function cleanUserAgent(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, USER_AGENT_MAX_LENGTH);
  return text === '' ? null : text;
}
