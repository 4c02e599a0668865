import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { readInstant } from '../db/raw-sql.js';
import { parameterList, queryRows, runSqlProgram, type SqlProgram } from '../db/sql-program.js';

export interface PushClaimDeps {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: the claim then runs synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  now: () => Date;
  /** How long a claim holds; a crashed worker's claims are due again after it. */
  leaseMs: number;
}

/** A push delivery this worker holds until `lockedUntil`, with its subscription's endpoint and keys. */
export interface ClaimedPush {
  id: bigint;
  subscriptionId: bigint;
  eventId: string;
  payload: string;
  topic: string | null;
  expiresAt: Date;
  /** Attempts made before this one. */
  attemptCount: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lockedUntil: Date;
}

type Id = bigint | number | string;

interface ClaimedRow {
  id: Id;
  subscription_id: Id;
  event_id: string;
  payload: string;
  topic: string | null;
  expires_at: unknown;
  attempt_count: bigint | number;
}

/**
 * Claims up to `limit` due push deliveries, oldest due first, by setting their lease in one statement;
 * on PostgreSQL the rows are taken FOR UPDATE SKIP LOCKED, so instances never claim the same one.
 * Raw SQL (sql-program.ts), synchronous on SQLite's writer: a claim is made every few pushes.
 */
export async function claimPushDeliveries(deps: PushClaimDeps, limit: number): Promise<ClaimedPush[]> {
  if (limit <= 0) return [];
  const now = deps.now();
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  return runSqlProgram(deps, () => claimBatch(deps.provider, Math.floor(limit), now, lockedUntil));
}

function* claimBatch(provider: DatabaseProvider, limit: number, now: Date, lockedUntil: Date): SqlProgram<ClaimedPush[]> {
  // A read first: the dispatcher looks often (every batch of events wakes it) while usually nothing is due.
  const due = yield* queryRows("SELECT id FROM push_deliveries WHERE state = 'pending' AND next_attempt_at <= ? LIMIT 1", now);
  if (due.length === 0) return [];
  const skipLocked = provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  const rows = yield* queryRows<ClaimedRow>(
    `UPDATE push_deliveries SET locked_until = ?
     WHERE id IN (SELECT id FROM push_deliveries
                  WHERE state = 'pending' AND next_attempt_at <= ?
                    AND (locked_until IS NULL OR locked_until <= ?)
                  ORDER BY next_attempt_at LIMIT ${limit} ${skipLocked})
     RETURNING id, subscription_id, event_id, payload, topic, expires_at, attempt_count`,
    lockedUntil,
    now,
    now,
  );
  if (rows.length === 0) return [];
  const ids = [...new Set(rows.map((row) => String(row.subscription_id)))];
  const found = yield* queryRows<{ id: bigint | number | string; endpoint: string; p256dh: string; auth: string }>(
    `SELECT id, endpoint, p256dh, auth FROM push_subscriptions WHERE id IN (${parameterList(ids)})`,
    ...ids.map(BigInt),
  );
  const subscriptions = new Map(found.map((subscription) => [String(subscription.id), subscription]));
  // A subscription deleted since the claim took its deliveries with it (ON DELETE CASCADE).
  return rows.flatMap((row) => {
    const subscription = subscriptions.get(String(row.subscription_id));
    if (!subscription) return [];
    return [
      {
        id: BigInt(row.id),
        subscriptionId: BigInt(row.subscription_id),
        eventId: row.event_id,
        payload: row.payload,
        topic: row.topic,
        expiresAt: readInstant(row.expires_at),
        attemptCount: Number(row.attempt_count),
        endpoint: subscription.endpoint,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        lockedUntil,
      },
    ];
  });
}

/** Gives claims back at once (a graceful stop); a claim another worker took meanwhile is left alone. */
export async function releasePushClaims(db: Db, claims: Array<Pick<ClaimedPush, 'id' | 'lockedUntil'>>): Promise<void> {
  for (const claim of claims) {
    await db.pushDelivery.updateMany({ where: { id: claim.id, lockedUntil: claim.lockedUntil }, data: { lockedUntil: null } });
  }
}
