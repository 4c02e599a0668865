import { AppError } from '../errors.js';

/** Seconds a client is told to wait (Retry-After) before trying again while storage is unavailable. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;

export const storageUnavailable = () =>
  new AppError('storage/unavailable', 503, 'Storage is temporarily unavailable; nothing was changed, try again shortly');

// Prisma's codes: server unreachable, timed out reaching it, socket timeout (also SQLite busy past its
// timeout), connection closed, no pooled connection in time, too many connections, a transaction ended
// by a write conflict or deadlock.
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2034', 'P2037']);
const ADAPTER_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
// PostgreSQL: read-only transaction (a standby after failover), shutting down or starting up, I/O error,
// and the two ways it ends one transaction of several to let the others go (serialization failure,
// deadlock): nothing of it was written, so the client may simply try again.
const POSTGRES_CODES = new Set(['25006', '57P01', '57P02', '57P03', '58030', '40001', '40P01']);
// SQLite primary result codes: BUSY, LOCKED, READONLY, IOERR, FULL, CANTOPEN, PROTOCOL.
const SQLITE_PRIMARY = /^SQLITE_(BUSY|LOCKED|READONLY|IOERR|FULL|CANTOPEN|PROTOCOL)(_|$)/;
const SQLITE_PRIMARY_NUMBERS = new Set([5, 6, 8, 10, 13, 14, 15]);
const SQLITE_MESSAGES = /disk is full|readonly database|disk I\/O error|database is locked|unable to open database/i;
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'ENOSPC', 'EROFS', 'EIO', 'EDQUOT']);
// node-postgres reports a connection lost or never made with these messages and no code.
const DRIVER_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'timeout exceeded when trying to connect',
  'Unable to start a transaction in the given time',
];

function codeMatches(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  if (PRISMA_CODES.has(code) || POSTGRES_CODES.has(code) || SYSTEM_CODES.has(code) || SQLITE_PRIMARY.test(code)) return true;
  // PostgreSQL classes 08 (connection exception) and 53 (insufficient resources: 53100 disk full).
  return /^(08|53)[0-9A-Z]{3}$/.test(code);
}

function matches(value: Record<string, unknown>): boolean {
  if (codeMatches(value.code) || codeMatches(value.originalCode)) return true;
  if (typeof value.kind === 'string' && ADAPTER_KINDS.has(value.kind)) return true;
  if (value.kind === 'sqlite') {
    if (typeof value.extendedCode === 'number' && SQLITE_PRIMARY_NUMBERS.has(value.extendedCode & 0xff)) return true;
    // The adapter keeps only a generic code for most SQLite failures; the message still names them.
    if (SQLITE_MESSAGES.test(String(value.message))) return true;
  }
  const message = typeof value.message === 'string' ? value.message : '';
  return DRIVER_MESSAGES.some((text) => message.includes(text));
}

/**
 * Whether an error means the database cannot serve now (unreachable, restarting, busy past its timeout,
 * disk full, read-only) rather than that the request or the code is wrong. It looks through Prisma's
 * wrapping (cause, meta.driverAdapterError) down to the driver's own code.
 */
export function isStorageUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const value = queue.shift();
    if (typeof value !== 'object' || value === null || seen.has(value)) continue;
    seen.add(value);
    const record = value as Record<string, unknown>;
    if (matches(record)) return true;
    queue.push(record.cause, (record.meta as Record<string, unknown> | undefined)?.driverAdapterError);
  }
  return false;
}
