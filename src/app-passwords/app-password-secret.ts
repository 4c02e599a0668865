import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * App passwords are typed into phone settings, so they are letters and digits in groups of four
 * (`abcd-efgh-…`, 160 random bits). What is stored is a slow, salted hash (scrypt), so a copy of the
 * database does not let anyone try guesses quickly.
 */

const SECRET_BYTES = 20;
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
/** scrypt cost: 2^14 × 8 × 128 bytes = 16 MiB and about 50 ms per hash on a small server. */
const COST: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>> = { N: 16_384, r: 8, p: 1 };
const KEY_BYTES = 32;
const SALT_BYTES = 16;
/** Enough for N = 2^15 with r = 8 (stored parameters may be raised later; old rows still verify). */
const MAX_MEMORY = 64 * 1024 * 1024;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** A new app password as shown once: 32 characters in groups of four, joined by dashes. */
export function newAppPasswordSecret(): string {
  return base32(randomBytes(SECRET_BYTES)).match(/.{1,4}/g)!.join('-');
}

/** The password as hashed: dashes and spaces dropped, lower case (so a retyped one with spaces still works). */
export function canonicalSecret(presented: string): string {
  return presented.replace(/[\s-]/g, '').toLowerCase();
}

function derive(secret: string, salt: Buffer, cost: typeof COST): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_BYTES, { ...cost, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url) of the canonical secret, with a fresh salt. */
export async function hashAppPasswordSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(canonicalSecret(secret), salt, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `presented` is the secret behind `stored` (compared in constant time); false for a malformed row. */
export async function matchesAppPasswordHash(presented: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(canonicalSecret(presented), Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash no password matches, checked when a user has none, so an unknown user answers no sooner. */
export const DECOY_HASH = `scrypt$${COST.N}$${COST.r}$${COST.p}$${'A'.repeat(22)}$${'A'.repeat(43)}`;
