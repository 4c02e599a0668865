import { SignJWT } from 'jose';
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

/** Parses "90s", "15m", "1h", "7d" into seconds; null when malformed. */
export function parseTtl(text: string): number | null {
  const match = /^(\d{1,9})([smhd])$/.exec(text);
  if (!match) return null;
  const unit = { s: 1, m: 60, h: 3600, d: 86400 }[match[2] as 's' | 'm' | 'h' | 'd'];
  const seconds = Number(match[1]) * unit;
  return seconds > 0 ? seconds : null;
}
