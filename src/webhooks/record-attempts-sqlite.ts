import type BetterSqlite3 from 'better-sqlite3';
import { writeImmediately } from '../db/sqlite-writer.js';
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

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(writer: BetterSqlite3.Database) {
  return {
    live: writer.prepare('SELECT 1 FROM webhook_deliveries WHERE id = ?').pluck(),
    insertAttempt: writer.prepare(
      `INSERT INTO webhook_attempts (delivery_id, endpoint_id, attempt, attempted_at, status_code, latency_ms, error, response_body, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    delivered: writer.prepare(
      `UPDATE webhook_deliveries SET state = 'delivered', delivered_at = @now, next_attempt_at = NULL, locked_until = NULL,
         attempt_count = attempt_count + 1, updated_at = @now WHERE id = @id`,
    ),
    // Only while this worker's claim still holds: its lease value is the token.
    reschedule: writer.prepare(
      `UPDATE webhook_deliveries SET state = @state, attempt_count = @attempt, next_attempt_at = @nextAttemptAt,
         locked_until = NULL, updated_at = @now WHERE id = @id AND state = 'pending' AND locked_until = @lockedUntil`,
    ),
    streakEnded: writer.prepare('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL'),
    streakStarted: writer.prepare('UPDATE webhook_endpoints SET failing_since = ? WHERE id = ? AND failing_since IS NULL'),
    failingSince: writer.prepare('SELECT failing_since FROM webhook_endpoints WHERE id = ?').pluck(),
    disable: writer.prepare(
      `UPDATE webhook_endpoints SET enabled = 0, disabled_at = @now, disabled_reason = @reason, updated_at = @now
       WHERE id = @id AND enabled = 1`,
    ),
  };
}

const prepared = new WeakMap<BetterSqlite3.Database, Statements>();

/**
 * recordAttempts on SQLite: the same rows as the Prisma path, written in one synchronous transaction
 * on Prisma's own connection (see db/sqlite-writer.ts) with statements prepared once.
 */
export async function recordBatchOnSqlite(
  writer: BetterSqlite3.Database,
  deps: AttemptRules,
  results: AttemptResult[],
): Promise<RecordedBatch> {
  let statements = prepared.get(writer);
  if (!statements) {
    statements = prepareStatements(writer);
    prepared.set(writer, statements);
  }
  return writeImmediately(writer, writer.transaction(() => recordBatch(statements, deps, results)));
}

function recordBatch(statements: Statements, deps: AttemptRules, results: AttemptResult[]): RecordedBatch {
  const now = deps.now();
  const at = now.getTime();
  // A delivery whose endpoint was deleted while the attempt was in flight has nothing left to log to.
  const kept = results.filter((r) => statements.live.get(r.delivery.id) !== undefined);
  if (kept.length === 0) return { recorded: [], disabled: [] };
  const planned = planAttempts(deps, kept, now);
  for (const p of planned) {
    statements.insertAttempt.run(
      p.delivery.id,
      p.delivery.endpointId,
      p.attempt,
      p.attemptedAt.getTime(),
      p.outcome.statusCode,
      p.outcome.latencyMs,
      p.outcome.ok ? null : p.outcome.error,
      p.outcome.responseBody,
      p.nextAttemptAt?.getTime() ?? null,
    );
    if (p.outcome.ok) {
      statements.delivered.run({ id: p.delivery.id, now: at });
    } else {
      statements.reschedule.run({
        id: p.delivery.id,
        state: p.nextAttemptAt ? 'pending' : 'failed',
        attempt: p.attempt,
        nextAttemptAt: p.nextAttemptAt?.getTime() ?? null,
        now: at,
        lockedUntil: p.delivery.lockedUntil.getTime(),
      });
    }
  }
  return { recorded: planned, disabled: updateEndpoints(statements, deps, planned, now) };
}

function updateEndpoints(statements: Statements, deps: AttemptRules, planned: PlannedAttempt[], now: Date): DisabledEndpoint[] {
  const disabled: DisabledEndpoint[] = [];
  for (const p of latestPerEndpoint(planned)) {
    const endpointId = p.delivery.endpointId;
    if (p.outcome.ok) {
      statements.streakEnded.run(endpointId);
      continue;
    }
    statements.streakStarted.run(p.attemptedAt.getTime(), endpointId);
    const since = statements.failingSince.get(endpointId) as number | bigint | null | undefined;
    const reason = p.gone
      ? GONE_REASON
      : streakReasonOf(since === null || since === undefined ? null : new Date(Number(since)), deps.disableAfterMs, now, p.outcome.error);
    if (!reason) continue;
    const { changes } = statements.disable.run({ id: endpointId, now: now.getTime(), reason });
    if (changes === 1) disabled.push({ endpointId, reason });
  }
  return disabled;
}
