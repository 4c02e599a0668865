import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { insertRows } from './insert-rows.js';
import { instantParam, param } from '../db/raw-sql.js';
import {
  GONE_REASON,
  latestPerEndpoint,
  planAttempts,
  streakReasonOf,
  type AttemptResult,
  type AttemptRules,
  type DisabledEndpoint,
  type PlannedAttempt,
  type RecordedBatch,
} from './plan-attempts.js';
import { recordBatchOnSqlite } from './record-attempts-sqlite.js';

export interface RecordAttemptsDeps extends AttemptRules {
  db: Db;
  provider: DatabaseProvider;
  /**
   * On SQLite, Prisma's own connection: batches are then written in one synchronous transaction with
   * prepared statements (record-attempts-sqlite.ts) instead of an interactive Prisma transaction.
   */
  sqliteWriter?: BetterSqlite3.Database;
}

/**
 * Stores a batch of finished attempts in one transaction: the attempt log, each delivery's new state
 * (delivered; or its next attempt per the schedule; or failed), and each endpoint's failure streak,
 * disabling endpoints that answered 410 Gone or have failed for `disableAfterMs`. Returns the
 * attempts it recorded and the endpoints it disabled.
 */
export async function recordAttempts(deps: RecordAttemptsDeps, results: AttemptResult[]): Promise<RecordedBatch> {
  if (results.length === 0) return { recorded: [], disabled: [] };
  if (deps.sqliteWriter) return recordBatchOnSqlite(deps.sqliteWriter, deps, results);
  return deps.db.$transaction((tx) => recordBatch(tx, deps, results), { timeout: 30_000, maxWait: 30_000 });
}

async function recordBatch(tx: Tx, deps: RecordAttemptsDeps, results: AttemptResult[]): Promise<RecordedBatch> {
  const now = deps.now();
  await lockEndpoints(tx, deps.provider, results.map((r) => r.delivery.endpointId));
  const live = await lockLiveDeliveries(tx, deps.provider, results.map((r) => r.delivery.id));
  // A delivery whose endpoint was deleted while the attempt was in flight has nothing left to log to.
  const kept = results.filter((r) => live.has(String(r.delivery.id)));
  if (kept.length === 0) return { recorded: [], disabled: [] };

  const planned = planAttempts(deps, kept, now);

  await insertRows(
    tx,
    deps.provider,
    'webhook_attempts',
    ['delivery_id', 'endpoint_id', 'attempt', 'attempted_at', 'status_code', 'latency_ms', 'error', 'response_body', 'next_attempt_at'],
    planned.map((p) => [
      p.delivery.id,
      p.delivery.endpointId,
      p.attempt,
      p.attemptedAt,
      p.outcome.statusCode,
      p.outcome.latencyMs,
      p.outcome.ok ? null : p.outcome.error,
      p.outcome.responseBody,
      p.nextAttemptAt,
    ]),
  );

  const delivered = planned.filter((p) => p.outcome.ok);
  if (delivered.length > 0) {
    await tx.webhookDelivery.updateMany({
      where: { id: { in: delivered.map((p) => p.delivery.id) } },
      data: { state: 'delivered', deliveredAt: now, nextAttemptAt: null, lockedUntil: null, attemptCount: { increment: 1 }, updatedAt: now },
    });
  }
  await rescheduleFailures(tx, deps.provider, planned.filter((p) => !p.outcome.ok), now);
  return { recorded: planned, disabled: await updateEndpoints(tx, deps, planned, now) };
}

const FAILURES_PER_STATEMENT = 250;

/**
 * Each failed delivery gets its own next attempt (or fails), in one statement per chunk: a receiver
 * that is down can fail thousands of attempts a minute, and a statement each would crowd out the rest.
 * A row is changed only while this worker's claim on it still holds (its lease value is the token): a
 * claim that ran out belongs to whoever took it next.
 */
async function rescheduleFailures(tx: Tx, provider: DatabaseProvider, failures: PlannedAttempt[], now: Date) {
  const cast = (type: string) => (provider === 'postgresql' ? `::${type}` : '');
  for (let start = 0; start < failures.length; start += FAILURES_PER_STATEMENT) {
    const chunk = failures.slice(start, start + FAILURES_PER_STATEMENT);
    const params: unknown[] = [];
    const bind = (value: unknown, type: string) => {
      params.push(value instanceof Date ? instantParam(provider, value) : value);
      return `${param(provider, params.length)}${cast(type)}`;
    };
    const caseOf = (type: string, valueOf: (p: PlannedAttempt) => unknown) =>
      `CASE id ${chunk.map((p) => `WHEN ${bind(p.delivery.id, 'bigint')} THEN ${bind(valueOf(p), type)}`).join(' ')} END`;
    const sql = `UPDATE webhook_deliveries SET
        state = ${caseOf('text', (p) => (p.nextAttemptAt ? 'pending' : 'failed'))},
        attempt_count = ${caseOf('integer', (p) => p.attempt)},
        next_attempt_at = ${caseOf('timestamptz', (p) => p.nextAttemptAt)},
        locked_until = NULL,
        updated_at = ${bind(now, 'timestamptz')}
      WHERE state = 'pending' AND locked_until = ${caseOf('timestamptz', (p) => p.delivery.lockedUntil)}
        AND id IN (${chunk.map((p) => bind(p.delivery.id, 'bigint')).join(', ')})`;
    await tx.$executeRawUnsafe(sql, ...params);
  }
}

/**
 * Takes the batch's endpoints first, in id order, as deleting an endpoint does (endpoint, then its
 * deliveries): a batch that held a delivery and then waited for its endpoint's failure streak would
 * deadlock with a concurrent deletion, and two batches updating the same endpoints in different orders
 * would deadlock with each other. SQLite has one writer at a time and needs no row locks.
 */
async function lockEndpoints(tx: Tx, provider: DatabaseProvider, endpointIds: bigint[]): Promise<void> {
  if (provider !== 'postgresql') return;
  const ids = [...new Set(endpointIds.map(String))];
  const list = ids.map((_, i) => param(provider, i + 1)).join(', ');
  await tx.$queryRawUnsafe(
    `SELECT id FROM webhook_endpoints WHERE id IN (${list}) ORDER BY id FOR NO KEY UPDATE`,
    ...ids.map(BigInt),
  );
}

/** The deliveries that still exist, locked against deletion until the batch commits. */
async function lockLiveDeliveries(tx: Tx, provider: DatabaseProvider, ids: bigint[]): Promise<Set<string>> {
  const list = ids.map((_, i) => param(provider, i + 1)).join(', ');
  const rows = await tx.$queryRawUnsafe<Array<{ id: bigint | number | string }>>(
    `SELECT id FROM webhook_deliveries WHERE id IN (${list}) ${provider === 'postgresql' ? 'FOR SHARE' : ''}`,
    ...ids,
  );
  return new Set(rows.map((row) => String(row.id)));
}

async function updateEndpoints(tx: Tx, deps: RecordAttemptsDeps, planned: PlannedAttempt[], now: Date) {
  const latest = latestPerEndpoint(planned);
  const succeeded = latest.filter((p) => p.outcome.ok).map((p) => p.delivery.endpointId);
  const failed = latest.filter((p) => !p.outcome.ok);
  // Raw SQL: the failure streak is bookkeeping, and Prisma would move the endpoint's updatedAt.
  if (succeeded.length > 0) {
    const list = succeeded.map((_, i) => param(deps.provider, i + 1)).join(', ');
    await tx.$executeRawUnsafe(
      `UPDATE webhook_endpoints SET failing_since = NULL WHERE id IN (${list}) AND failing_since IS NOT NULL`,
      ...succeeded,
    );
  }
  const disabled: DisabledEndpoint[] = [];
  for (const p of failed) {
    const endpointId = p.delivery.endpointId;
    await tx.$executeRawUnsafe(
      `UPDATE webhook_endpoints SET failing_since = ${param(deps.provider, 1)}
       WHERE id = ${param(deps.provider, 2)} AND failing_since IS NULL`,
      instantParam(deps.provider, p.attemptedAt),
      endpointId,
    );
    const reason = p.gone
      ? GONE_REASON
      : await streakReason(tx, endpointId, deps.disableAfterMs, now, p.outcome.error);
    if (!reason) continue;
    const { count } = await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, enabled: true },
      data: { enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now },
    });
    if (count === 1) disabled.push({ endpointId, reason });
  }
  return disabled;
}

/** Why the endpoint must be disabled after failing since its streak began, or null when not yet. */
async function streakReason(tx: Tx, endpointId: bigint, disableAfterMs: number, now: Date, lastError: string | null) {
  const endpoint = await tx.webhookEndpoint.findUnique({ where: { id: endpointId }, select: { failingSince: true } });
  return streakReasonOf(endpoint?.failingSince, disableAfterMs, now, lastError);
}
