import type { Db } from '../db/database.js';

/**
 * How long this instance trusts what it last read about an active session. A session revoked by another
 * instance or by `tickler logout` is refused here at most this long after (plus one query's time).
 */
export const SESSION_STATE_TTL_MS = 2_000;

export interface SessionStateChecker {
  /** true when the session exists, is not revoked and belongs to the user. */
  isActive(sessionId: string, userId: string): Promise<boolean>;
  /** Sessions just revoked by this instance: refused from now on, without waiting for the TTL. */
  revoked(sessionIds: string[]): void;
}

interface Entry {
  /** The session's user while it was active when read; null once revoked (or never seen). */
  activeUser: string | null;
  readAt: number;
}

export interface SessionStateCacheOptions {
  db: Db;
  ttlMs?: number;
  now?: () => number;
  capacity?: number;
}

/**
 * Session state per instance, read from the database (so revocation reaches every instance) at most once
 * per session per TTL however many requests carry its tokens. Revocation is final, so an ended session
 * is remembered as such until evicted; only active ones are read again.
 */
export function createSessionStateCache({
  db,
  ttlMs = SESSION_STATE_TTL_MS,
  now = Date.now,
  capacity = 10_000,
}: SessionStateCacheOptions): SessionStateChecker {
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<string | null>>();

  const remember = (sessionId: string, activeUser: string | null) => {
    entries.delete(sessionId);
    if (entries.size >= capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(sessionId, { activeUser, readAt: now() });
  };

  const read = (sessionId: string): Promise<string | null> => {
    let pending = reading.get(sessionId);
    if (!pending) {
      pending = db.authSession
        .findUnique({ where: { id: sessionId }, select: { userId: true, revokedAt: true } })
        .then((row) => {
          const activeUser = row && !row.revokedAt ? row.userId : null;
          // A revocation told while this read was in flight wins over what the read saw.
          if (entries.get(sessionId)?.activeUser !== null || activeUser === null) remember(sessionId, activeUser);
          return entries.get(sessionId)?.activeUser ?? null;
        })
        .finally(() => reading.delete(sessionId));
      reading.set(sessionId, pending);
    }
    return pending;
  };

  return {
    async isActive(sessionId, userId) {
      const entry = entries.get(sessionId);
      if (entry && (entry.activeUser === null || now() - entry.readAt < ttlMs)) return entry.activeUser === userId;
      return (await read(sessionId)) === userId;
    },
    revoked(sessionIds) {
      for (const sessionId of sessionIds) remember(sessionId, null);
    },
  };
}
