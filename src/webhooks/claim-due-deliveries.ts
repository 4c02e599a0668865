import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { instantParam, placeholder } from './sql-params.js';

export interface ClaimDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  /** How long a claim holds; a crashed worker's claims are due again after it. */
  leaseMs: number;
}

export interface ClaimRequest {
  /** At most this many deliveries in all. */
  limit: number;
  /** How many more attempts to this endpoint may start now (this instance's per-endpoint bound). */
  freeSlots(endpointId: bigint): number;
  /** Endpoints with no free slot: their deliveries are not even looked at. */
  busyEndpoints: bigint[];
}

/** A delivery this worker holds until `lockedUntil`, with what it needs to make the attempt. */
export interface ClaimedDelivery {
  id: bigint;
  endpointId: bigint;
  eventId: string;
  eventType: string;
  payload: string;
  /** Attempts made before this one. */
  attemptCount: number;
  url: string;
  /** The current secret, then the previous one while it is still in its grace period. */
  secrets: string[];
  lockedUntil: Date;
}

export interface ClaimResult {
  claimed: ClaimedDelivery[];
  /** true when more deliveries may be due than were claimed (window full, or endpoints at their bound). */
  more: boolean;
}

interface CandidateRow {
  id: bigint | number | string;
  endpoint_id: bigint | number | string;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | number | bigint | null;
}

interface ClaimedRow {
  id: bigint | number | string;
  event_id: string;
  event_type: string;
  payload: string;
  attempt_count: bigint | number;
}

/**
 * Claims due deliveries of enabled endpoints, oldest due first, in one transaction of two statements:
 * the candidates are locked (FOR UPDATE SKIP LOCKED on PostgreSQL, so instances never take the same
 * rows) and picked within the per-endpoint bound, then marked `locked_until = now + lease`.
 */
export async function claimDueDeliveries(deps: ClaimDeps, request: ClaimRequest): Promise<ClaimResult> {
  if (request.limit <= 0) return { claimed: [], more: true };
  return deps.db.$transaction((tx) => claimBatch(tx, deps, request), { timeout: 30_000, maxWait: 30_000 });
}

async function claimBatch(tx: Tx, deps: ClaimDeps, request: ClaimRequest): Promise<ClaimResult> {
  const { provider } = deps;
  const now = deps.now();
  const at = instantParam(provider, now);
  const window = Math.min(request.limit * 2, 1000);
  const busy = request.busyEndpoints.map((_, i) => placeholder(provider, i + 2));
  const candidates = await tx.$queryRawUnsafe<CandidateRow[]>(
    `SELECT d.id, d.endpoint_id, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
     FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
     WHERE d.state = 'pending' AND d.next_attempt_at <= ${placeholder(provider, 1)}
       AND (d.locked_until IS NULL OR d.locked_until <= ${placeholder(provider, 1)}) AND e.enabled = TRUE
       ${busy.length > 0 ? `AND d.endpoint_id NOT IN (${busy.join(', ')})` : ''}
     ORDER BY d.next_attempt_at LIMIT ${window} ${provider === 'postgresql' ? 'FOR UPDATE OF d SKIP LOCKED' : ''}`,
    // PostgreSQL numbers its parameters, so `now` is bound once; SQLite's `?` needs it twice.
    ...(provider === 'postgresql' ? [at] : [at, at]),
    ...request.busyEndpoints,
  );
  const taken = new Map<string, number>();
  const picked = new Map<string, CandidateRow>();
  for (const row of candidates) {
    if (picked.size >= request.limit) break;
    const endpointId = BigInt(row.endpoint_id);
    const key = String(endpointId);
    const count = taken.get(key) ?? 0;
    if (count >= request.freeSlots(endpointId)) continue;
    taken.set(key, count + 1);
    picked.set(String(row.id), row);
  }
  const more = candidates.length === window || picked.size < candidates.length;
  if (picked.size === 0) return { claimed: [], more };
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  const ids = [...picked.keys()].map((id) => BigInt(id));
  const rows = await tx.$queryRawUnsafe<ClaimedRow[]>(
    `UPDATE webhook_deliveries SET locked_until = ${placeholder(provider, 1)}
     WHERE id IN (${ids.map((_, i) => placeholder(provider, i + 2)).join(', ')})
     RETURNING id, event_id, event_type, payload, attempt_count`,
    instantParam(provider, lockedUntil),
    ...ids,
  );
  const claimed = rows.map((row) => {
    const candidate = picked.get(String(row.id))!;
    const previousExpires = candidate.previous_secret_expires_at === null ? null : toMillis(candidate.previous_secret_expires_at);
    return {
      id: BigInt(row.id),
      endpointId: BigInt(candidate.endpoint_id),
      eventId: row.event_id,
      eventType: row.event_type,
      payload: row.payload,
      attemptCount: Number(row.attempt_count),
      url: candidate.url,
      secrets:
        candidate.previous_secret && previousExpires !== null && previousExpires > now.getTime()
          ? [candidate.secret, candidate.previous_secret]
          : [candidate.secret],
      lockedUntil,
    };
  });
  return { claimed, more };
}

/** A raw instant: a Date from PostgreSQL, epoch milliseconds from SQLite. */
function toMillis(value: Date | number | bigint): number {
  return value instanceof Date ? value.getTime() : Number(value);
}

/** Gives claims back at once (a graceful stop), so nobody needs to wait for their leases to run out. */
export async function releaseClaims(db: Db, claims: Array<Pick<ClaimedDelivery, 'id' | 'lockedUntil'>>): Promise<void> {
  // Claimed together, released together: one statement per claim batch. The lease value doubles as
  // the claim's token, so a claim that ran out and was taken by another worker is left alone.
  const byLease = new Map<number, bigint[]>();
  for (const claim of claims) byLease.set(claim.lockedUntil.getTime(), [...(byLease.get(claim.lockedUntil.getTime()) ?? []), claim.id]);
  for (const [lockedUntil, ids] of byLease) {
    await db.webhookDelivery.updateMany({ where: { id: { in: ids }, lockedUntil: new Date(lockedUntil) }, data: { lockedUntil: null } });
  }
}
