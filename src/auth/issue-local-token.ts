import { SignJWT } from 'jose';
import { parseDuration } from '../duration.js';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from '../config.js';
import { LOCAL_KEY_ALG, type LocalSigningKey } from './local-signing-key.js';

export interface IssueLocalTokenOptions {
  key: LocalSigningKey;
  userId: string;
  ttlSeconds: number;
  now?: Date;
}

export async function issueLocalToken({ key, userId, ttlSeconds, now = new Date() }: IssueLocalTokenOptions) {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
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
