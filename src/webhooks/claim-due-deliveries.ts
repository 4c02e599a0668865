import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { instantParam, param } from '../db/raw-sql.js';
import { statementCache, writeImmediately } from '../db/sqlite-writer.js';

export interface ClaimDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  /** How long a claim holds; a crashed worker's claims are due again after it. */
  leaseMs: number;
  /** On SQLite, Prisma's own connection: claims then run as synchronous transactions on it. */
  sqliteWriter?: BetterSqlite3.Database;
}

/** Up to `limit` due deliveries of one endpoint. */
export interface EndpointClaim {
  endpointId: bigint;
  limit: number;
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
  /** Endpoints that had fewer due deliveries than asked for: nothing more is due for them right now. */
  drained: bigint[];
}

type Id = bigint | number | string;

interface ClaimedRow {
  id: Id;
  endpoint_id: Id;
  event_id: string;
  event_type: string;
  payload: string;
  attempt_count: bigint | number;
}

interface EndpointRow {
  id: Id;
  url: string;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | number | bigint | null;
}

/**
 * The enabled endpoints that have pending deliveries (due or not), found by skipping through the
 * (state, endpoint_id, next_attempt_at) index one endpoint at a time: the cost grows with the number
 * of endpoints, not with how many deliveries a dead receiver has piled up.
 */
export async function findEndpointsWithPendingDeliveries(db: Db): Promise<bigint[]> {
  const rows = await db.$queryRawUnsafe<Array<{ endpoint_id: Id }>>(
    `WITH RECURSIVE pending(endpoint_id) AS (
       SELECT (SELECT endpoint_id FROM webhook_deliveries WHERE state = 'pending' ORDER BY endpoint_id LIMIT 1)
       UNION ALL
       SELECT (SELECT d.endpoint_id FROM webhook_deliveries d
               WHERE d.state = 'pending' AND d.endpoint_id > pending.endpoint_id ORDER BY d.endpoint_id LIMIT 1)
       FROM pending WHERE pending.endpoint_id IS NOT NULL)
     SELECT p.endpoint_id FROM pending p JOIN webhook_endpoints e ON e.id = p.endpoint_id WHERE e.enabled = TRUE`,
  );
  return rows.map((row) => BigInt(row.endpoint_id));
}

/**
 * Claims the oldest due deliveries of each given endpoint (each through its own index range, so one
 * endpoint's backlog never slows the others' claims) and marks them `locked_until = now + lease`, in
 * one statement; on PostgreSQL the rows are taken FOR UPDATE SKIP LOCKED, so instances never claim the
 * same delivery. Deliveries of an endpoint disabled meanwhile are left alone.
 */
export async function claimDueDeliveries(deps: ClaimDeps, wants: EndpointClaim[]): Promise<ClaimResult> {
  const asked = wants.filter((want) => want.limit > 0);
  if (asked.length === 0) return { claimed: [], drained: [] };
  if (deps.sqliteWriter) return claimOnSqlite(deps.sqliteWriter, deps, asked);
  return deps.db.$transaction((tx) => claimBatch(tx, deps, asked), { timeout: 30_000, maxWait: 30_000 });
}

interface Statement {
  sql: string;
  params: unknown[];
}

function claimStatement(provider: DatabaseProvider, wants: EndpointClaim[], now: Date, lockedUntil: Date): Statement {
  const params: unknown[] = [];
  const bind = (value: unknown) => {
    params.push(value instanceof Date ? instantParam(provider, value) : value);
    return param(provider, params.length);
  };
  const lease = bind(lockedUntil);
  // SQLite's `?` are bound in the order they appear, so each is bound where it is written.
  const sharedNow = provider === 'postgresql' ? bind(now) : undefined;
  const nowRef = () => sharedNow ?? bind(now);
  // Bound on SQLite, so a prepared statement serves every limit; written out on PostgreSQL.
  const limitOf = (want: EndpointClaim) => (provider === 'sqlite' ? bind(Math.floor(want.limit)) : String(Math.floor(want.limit)));
  const rangeOf = (want: EndpointClaim) =>
    `SELECT id FROM webhook_deliveries
      WHERE state = 'pending' AND endpoint_id = ${bind(want.endpointId)} AND next_attempt_at <= ${nowRef()}
        AND (locked_until IS NULL OR locked_until <= ${nowRef()})
      ORDER BY next_attempt_at LIMIT ${limitOf(want)}`;
  const picked =
    provider === 'postgresql'
      ? `id = ANY(${wants.map((want) => `ARRAY(${rangeOf(want)} FOR UPDATE SKIP LOCKED)`).join(' || ')})`
      : `id IN (${wants.map((want) => `SELECT id FROM (${rangeOf(want)})`).join(' UNION ALL ')})`;
  return {
    sql: `UPDATE webhook_deliveries SET locked_until = ${lease}
     WHERE ${picked} AND endpoint_id IN (SELECT id FROM webhook_endpoints WHERE enabled = TRUE)
     RETURNING id, endpoint_id, event_id, event_type, payload, attempt_count`,
    params,
  };
}

function endpointsStatement(provider: DatabaseProvider, endpointIds: bigint[]): Statement {
  return {
    sql: `SELECT id, url, secret, previous_secret, previous_secret_expires_at FROM webhook_endpoints
     WHERE id IN (${endpointIds.map((_, i) => param(provider, i + 1)).join(', ')})`,
    params: endpointIds,
  };
}

async function claimBatch(tx: Tx, deps: ClaimDeps, wants: EndpointClaim[]): Promise<ClaimResult> {
  const now = deps.now();
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  const claim = claimStatement(deps.provider, wants, now, lockedUntil);
  const rows = await tx.$queryRawUnsafe<ClaimedRow[]>(claim.sql, ...claim.params);
  const endpointIds = endpointsOf(rows);
  if (endpointIds.length === 0) return assemble(wants, rows, [], now, lockedUntil);
  const endpoints = endpointsStatement(deps.provider, endpointIds);
  return assemble(wants, rows, await tx.$queryRawUnsafe<EndpointRow[]>(endpoints.sql, ...endpoints.params), now, lockedUntil);
}

// The statements' shapes vary only with how many endpoints a claim names (at most a few dozen).
const sqliteStatements = new WeakMap<BetterSqlite3.Database, (sql: string) => BetterSqlite3.Statement>();

function preparedOn(writer: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let prepare = sqliteStatements.get(writer);
  if (!prepare) sqliteStatements.set(writer, (prepare = statementCache(writer)));
  return prepare(sql);
}

/** The claim on SQLite: one synchronous transaction on Prisma's own connection, statements prepared once. */
async function claimOnSqlite(writer: BetterSqlite3.Database, deps: ClaimDeps, wants: EndpointClaim[]): Promise<ClaimResult> {
  const claim = writer.transaction(() => {
    const now = deps.now();
    const lockedUntil = new Date(now.getTime() + deps.leaseMs);
    const update = claimStatement('sqlite', wants, now, lockedUntil);
    const rows = preparedOn(writer, update.sql).all(...update.params) as ClaimedRow[];
    const endpointIds = endpointsOf(rows);
    if (endpointIds.length === 0) return assemble(wants, rows, [], now, lockedUntil);
    const endpoints = endpointsStatement('sqlite', endpointIds);
    return assemble(wants, rows, preparedOn(writer, endpoints.sql).all(...endpoints.params) as EndpointRow[], now, lockedUntil);
  });
  return writeImmediately(writer, claim);
}

function endpointsOf(rows: ClaimedRow[]): bigint[] {
  return [...new Set(rows.map((row) => String(row.endpoint_id)))].map((id) => BigInt(id));
}

function assemble(wants: EndpointClaim[], rows: ClaimedRow[], endpoints: EndpointRow[], now: Date, lockedUntil: Date): ClaimResult {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(String(row.endpoint_id), (counts.get(String(row.endpoint_id)) ?? 0) + 1);
  const drained = wants.filter((want) => (counts.get(String(want.endpointId)) ?? 0) < want.limit).map((want) => want.endpointId);
  const byId = new Map(endpoints.map((endpoint) => [String(endpoint.id), endpoint]));
  const claimed = rows.map((row) => {
    const endpoint = byId.get(String(row.endpoint_id))!;
    const previousExpires = endpoint.previous_secret_expires_at === null ? null : toMillis(endpoint.previous_secret_expires_at);
    return {
      id: BigInt(row.id),
      endpointId: BigInt(row.endpoint_id),
      eventId: row.event_id,
      eventType: row.event_type,
      payload: row.payload,
      attemptCount: Number(row.attempt_count),
      url: endpoint.url,
      secrets:
        endpoint.previous_secret && previousExpires !== null && previousExpires > now.getTime()
          ? [endpoint.secret, endpoint.previous_secret]
          : [endpoint.secret],
      lockedUntil,
    };
  });
  return { claimed, drained };
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
