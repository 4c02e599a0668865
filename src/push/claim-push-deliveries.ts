import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { instantParam, param, readInstant } from '../db/raw-sql.js';

export interface PushClaimDeps {
  db: Db;
  provider: DatabaseProvider;
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
 */
export async function claimPushDeliveries(deps: PushClaimDeps, limit: number): Promise<ClaimedPush[]> {
  if (limit <= 0) return [];
  const { provider } = deps;
  const now = deps.now();
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  const skipLocked = provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  // A read first: on SQLite an UPDATE takes the database's one write lock even when it changes nothing,
  // and the dispatcher looks often (every batch of events wakes it) while usually nothing is due.
  const due = await deps.db.$queryRawUnsafe<unknown[]>(
    `SELECT id FROM push_deliveries WHERE state = 'pending' AND next_attempt_at <= ${param(provider, 1)} LIMIT 1`,
    instantParam(provider, now),
  );
  if (due.length === 0) return [];
  const rows = await deps.db.$queryRawUnsafe<ClaimedRow[]>(
    `UPDATE push_deliveries SET locked_until = ${param(provider, 1)}
     WHERE id IN (SELECT id FROM push_deliveries
                  WHERE state = 'pending' AND next_attempt_at <= ${param(provider, 2)}
                    AND (locked_until IS NULL OR locked_until <= ${param(provider, 3)})
                  ORDER BY next_attempt_at LIMIT ${Math.floor(limit)} ${skipLocked})
     RETURNING id, subscription_id, event_id, payload, topic, expires_at, attempt_count`,
    instantParam(provider, lockedUntil),
    instantParam(provider, now),
    instantParam(provider, now),
  );
  if (rows.length === 0) return [];
  const subscriptions = await deps.db.pushSubscription.findMany({
    where: { id: { in: [...new Set(rows.map((row) => BigInt(row.subscription_id)))] } },
    select: { id: true, endpoint: true, p256dh: true, auth: true },
  });
  const byId = new Map(subscriptions.map((subscription) => [String(subscription.id), subscription]));
  // A subscription deleted since the claim took its deliveries with it (ON DELETE CASCADE).
  return rows.flatMap((row) => {
    const subscription = byId.get(String(row.subscription_id));
    if (!subscription) return [];
    return [
      {
        id: BigInt(row.id),
        subscriptionId: subscription.id,
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
