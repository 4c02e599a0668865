import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';

/**
 * How long this instance trusts what it last read about a user's account deletion. An account deleted
 * on another instance has its old tokens refused here at most this long after (plus one query's time).
 */
export const ACCOUNT_DELETION_TTL_MS = 2_000;

export interface AccountDeletionChecker {
  /** When the user's account was last deleted (wall clock), or null if never. */
  deletedAt(userId: string): Promise<Date | null>;
  /** An account this instance has just deleted: its old tokens are refused from now on, without waiting for the TTL. */
  deleted(userId: string, at: Date): void;
}

/**
 * Whether a token issued at `issuedAt` (its `iat`, in seconds) belongs to the account deleted at
 * `deletedAt`: issued up to the deletion, or without `iat`. `iat` is in whole seconds, so a token issued
 * in the second of the deletion counts as issued before it.
 */
export function issuedUpToDeletion(issuedAt: number | undefined, deletedAt: Date): boolean {
  return issuedAt === undefined || issuedAt <= Math.floor(deletedAt.getTime() / 1000);
}

/** The key of a deletion marker: the marker keeps only this, never the user id itself. */
export function accountDeletionKey(userId: string): string {
  return createHash('sha256').update(userId, 'utf8').digest('hex');
}

interface Entry {
  deletedAt: Date | null;
  readAt: number;
}

export interface AccountDeletionCacheOptions {
  db: Db;
  ttlMs?: number;
  now?: () => number;
  capacity?: number;
}

/** Deletion markers per instance, read from the database at most once per user per TTL. */
export function createAccountDeletionCache({
  db,
  ttlMs = ACCOUNT_DELETION_TTL_MS,
  now = Date.now,
  capacity = 10_000,
}: AccountDeletionCacheOptions): AccountDeletionChecker {
  const entries = new Map<string, Entry>();
  const remember = (userId: string, deletedAt: Date | null) => {
    entries.delete(userId);
    if (entries.size >= capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(userId, { deletedAt, readAt: now() });
  };
  return {
    async deletedAt(userId) {
      const entry = entries.get(userId);
      if (entry && now() - entry.readAt < ttlMs) return entry.deletedAt;
      const row = await db.accountDeletion.findUnique({ where: { userHash: accountDeletionKey(userId) } });
      // A deletion told while this read was in flight wins over what the read saw.
      const told = entries.get(userId)?.deletedAt ?? null;
      const deletedAt = told && (!row || told > row.deletedAt) ? told : (row?.deletedAt ?? null);
      remember(userId, deletedAt);
      return deletedAt;
    },
    deleted(userId, at) {
      remember(userId, at);
    },
  };
}
