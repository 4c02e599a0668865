import { createHash } from 'node:crypto';
import { invalidRequest } from '../errors.js';

/** How long a key's first answer is replayed. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 3_600_000;

/** 1 to 255 visible ASCII characters (a UUID is typical). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The key a request carries (header or argument), checked; undefined when it carries none. */
export function readIdempotencyKey(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) {
    throw invalidRequest('Idempotency-Key must be 1 to 255 visible ASCII characters');
  }
  return raw;
}

/** JSON with object keys sorted, so the same request gives the same fingerprint whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a retry must repeat: the operation and its input (SHA-256, hex). */
export function requestFingerprint(operation: string, input: unknown): string {
  return createHash('sha256').update(operation).update('\n').update(canonicalJson(input)).digest('hex');
}
