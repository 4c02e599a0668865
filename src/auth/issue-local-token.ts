import { SignJWT } from 'jose';
import { parseDuration } from '../duration.js';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from '../config.js';
import { LOCAL_KEY_ALG, type LocalSigningKey } from './local-signing-key.js';

export interface IssueLocalTokenOptions {
  key: LocalSigningKey;
  userId: string;
  ttlSeconds: number;
  now?: Date;
  /** The sign-in session the token belongs to (the `sid` claim); it is refused once that session is revoked. */
  sessionId?: string;
}

export async function issueLocalToken({ key, userId, ttlSeconds, now = new Date(), sessionId }: IssueLocalTokenOptions) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(sessionId === undefined ? {} : { sid: sessionId })
    .setProtectedHeader({ alg: LOCAL_KEY_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(LOCAL_ISSUER)
    .setAudience(LOCAL_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(key.privateKey);
}

/** Parses a token lifetime ("90s", "15m", "1h", "7d") into whole seconds; null when malformed. */
export function parseTtl(text: string): number | null {
  const millis = parseDuration(text);
  return millis !== null && millis >= 1000 ? Math.floor(millis / 1000) : null;
}
