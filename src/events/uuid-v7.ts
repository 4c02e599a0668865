import { randomBytes } from 'node:crypto';

let lastMillis = 0;
let sequence = 0;

// Random bytes drawn 4 KiB at a time: one call into OpenSSL per 256 ids instead of two per id, which
// showed in the profile of a reminder spike (a thousand events a batch).
const POOL_SIZE = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomSlice(size: number): Buffer {
  if (poolOffset + size > pool.length) {
    pool = randomBytes(POOL_SIZE);
    poolOffset = 0;
  }
  const slice = Buffer.from(pool.subarray(poolOffset, poolOffset + size));
  poolOffset += size;
  return slice;
}

/**
 * A UUIDv7 (RFC 9562): 48-bit Unix milliseconds, then random bits. Within one millisecond a 12-bit
 * counter in rand_a keeps ids from one process strictly increasing, so they sort in creation order.
 */
export function uuidv7(now: number = Date.now()): string {
  if (now > lastMillis) {
    lastMillis = now;
    sequence = randomSlice(2).readUInt16BE(0) & 0x3ff;
  } else {
    sequence += 1;
    if (sequence > 0xfff) {
      lastMillis += 1;
      sequence = 0;
    }
  }
  const bytes = randomSlice(16);
  bytes.writeUIntBE(lastMillis, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The smallest UUIDv7 of the millisecond `ms`: every id made before it sorts below it, every id made in
 * or after it sorts at or above it (as lowercase text too, which is how ids are stored).
 */
export function uuidv7Floor(ms: number): string {
  const hex = Math.max(0, Math.floor(ms)).toString(16).padStart(12, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7000-8000-000000000000`;
}

/** The Unix milliseconds a UUIDv7 was made in (its first 48 bits). */
export function uuidv7Millis(id: string): number {
  return Number.parseInt(id.slice(0, 8) + id.slice(9, 13), 16);
}
