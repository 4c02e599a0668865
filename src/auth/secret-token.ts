import { createHash, createHmac, randomBytes } from 'node:crypto';

/** A bearer secret (sign-in code, refresh token): 32 random bytes, base64url, 43 characters. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What is stored of a secret: its SHA-256, hex. The secrets carry 256 random bits, so a plain hash
 * (no salt, no stretching) cannot be reversed, and a stolen database holds nothing that signs anyone in.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/**
 * The refresh token that follows `spent` when it is rotated: as unguessable as a random one without the
 * secret, and the same every time it is derived, so a refresh answered again within the grace
 * (src/auth/refresh-session.ts) hands out the pair the first answer did, though only hashes are stored.
 */
export function successorToken(secret: Uint8Array, spent: string): string {
  return createHmac('sha256', secret).update(spent, 'utf8').digest('base64url');
}
