import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { execute, queryRows, runSqlProgram, type SqlProgram } from '../db/sql-program.js';

export interface SequenceDeps {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: the pass then runs synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  batchSize?: number;
}

/**
 * Gives committed outbox events their positions: the order live subscribers see them in, and what a
 * subscription that lost its bus (or its client) catches up from. Ids cannot serve: a UUIDv7 is taken
 * when the event is written, so two transactions committing concurrently (two instances, or one waiting
 * on the other's row lock) can commit in the opposite order of their ids, and a reader that has seen the
 * larger id would skip the smaller one committed after it. Positions are given after commit, by one
 * sequencer at a time (the counter row's lock on PostgreSQL; SQLite has one writer), so an event that
 * commits later always gets a larger position than every event already positioned. Events committed
 * since the previous pass are ordered among themselves by id.
 *
 * This runs in a transaction of its own that commits before any of these events is published: an event
 * a subscriber may have received live already has its position in the database for a catch-up to read.
 * Returns how many events were positioned (at most one batch).
 */
export async function sequenceEvents(deps: SequenceDeps): Promise<number> {
  return runSqlProgram({ db: deps.db, provider: deps.provider, sqliteWriter: deps.sqliteWriter }, () => sequenceBatch(deps.provider, deps.batchSize ?? 500));
}

/**
 * The pass as raw SQL (sql-program.ts): on SQLite it runs synchronously with prepared statements on
 * the writer's connection; through Prisma it cost about ten ORM calls a pass, and the relay makes a
 * pass every few milliseconds while deliveries record their outcome events.
 */
function* sequenceBatch(provider: DatabaseProvider, batchSize: number): SqlProgram<number> {
  // Most passes find nothing new: they need not take the counter's lock to learn that.
  const waiting = yield* queryRows('SELECT 1 FROM events WHERE position IS NULL LIMIT 1');
  if (waiting.length === 0) return 0;
  const lock = provider === 'postgresql' ? 'FOR UPDATE' : '';
  // SQLite's planner prefers the position index (every NULL, then a sort); the partial index holds only
  // the backlog, in id order, so a pass costs its batch however long the backlog is.
  const backlog = provider === 'sqlite' ? 'events INDEXED BY events_unpositioned_idx' : 'events';
  const [counter] = yield* queryRows<{ last_position: bigint | number | string }>(`SELECT last_position FROM event_sequence WHERE id = 1 ${lock}`);
  if (!counter) throw new Error('the event_sequence row is missing (migrations not applied?)');
  const last = Number(counter.last_position);
  const positioned = yield* execute(
    `UPDATE events SET position = CAST(? AS BIGINT) + ranked.rn
     FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM ${backlog}
           WHERE position IS NULL ORDER BY id LIMIT ${Math.trunc(batchSize)}) AS ranked
     WHERE events.id = ranked.id`,
    last,
  );
  if (positioned > 0) yield* execute('UPDATE event_sequence SET last_position = ? WHERE id = 1', last + positioned);
  return positioned;
}

/** The largest position given out so far (0 before any): every event positioned by now is at or below it. */
export async function lastPosition(db: Db): Promise<number> {
  const [counter] = await db.$queryRawUnsafe<Array<{ last_position: bigint | number | string }>>(
    'SELECT last_position FROM event_sequence WHERE id = 1',
  );
  return Number(counter?.last_position ?? 0);
}
