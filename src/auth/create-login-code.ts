import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { hashSecret, newSecretToken } from './secret-token.js';

export const LOGIN_CODE_TTL_MS = 10 * 60_000;

export interface CreateLoginCodeOptions {
  db: Db;
  clock: Clock;
  userId: string;
  ttlMs?: number;
}

/** A one-time sign-in code for the user; only its hash is stored, so this is the one time it exists in clear. */
export async function createLoginCode({ db, clock, userId, ttlMs = LOGIN_CODE_TTL_MS }: CreateLoginCodeOptions): Promise<string> {
  const code = newSecretToken();
  const now = clock.now();
  await db.loginCode.create({
    data: { codeHash: hashSecret(code), userId, createdAt: now, expiresAt: new Date(now.getTime() + ttlMs) },
  });
  return code;
}

/** The link `tickler login` prints: the code rides in the fragment, which browsers never send to a server. */
export function loginLink(publicUrl: string, code: string): string {
  return `${publicUrl}/login#code=${code}`;
}
