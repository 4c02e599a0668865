import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { param } from '../db/raw-sql.js';

export interface SequenceDeps {
  db: Db;
  provider: DatabaseProvider;
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
  const batchSize = deps.batchSize ?? 500;
  const lock = deps.provider === 'postgresql' ? 'FOR UPDATE' : '';
  // SQLite's planner prefers the position index (every NULL, then a sort); the partial index holds only
  // the backlog, in id order, so a pass costs its batch however long the backlog is.
  const backlog = deps.provider === 'sqlite' ? 'events INDEXED BY events_unpositioned_idx' : 'events';
  // Most passes find nothing new: they need not queue for the counter's lock to learn that.
  const waiting = await deps.db.$queryRawUnsafe<unknown[]>('SELECT 1 FROM events WHERE position IS NULL LIMIT 1');
  if (waiting.length === 0) return 0;
  return deps.db.$transaction(async (tx) => {
    const [counter] = await tx.$queryRawUnsafe<Array<{ last_position: bigint | number | string }>>(
      `SELECT last_position FROM event_sequence WHERE id = 1 ${lock}`,
    );
    if (!counter) throw new Error('the event_sequence row is missing (migrations not applied?)');
    const last = Number(counter.last_position);
    const positioned = await tx.$executeRawUnsafe(
      `UPDATE events SET position = ${param(deps.provider, 1)} + ranked.rn
       FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM ${backlog}
             WHERE position IS NULL ORDER BY id LIMIT ${Math.trunc(batchSize)}) AS ranked
       WHERE events.id = ranked.id`,
      last,
    );
    if (positioned > 0) {
      await tx.$executeRawUnsafe(`UPDATE event_sequence SET last_position = ${param(deps.provider, 1)} WHERE id = 1`, last + positioned);
    }
    return positioned;
  });
}

/** The largest position given out so far (0 before any): every event positioned by now is at or below it. */
export async function lastPosition(db: Db): Promise<number> {
  const [counter] = await db.$queryRawUnsafe<Array<{ last_position: bigint | number | string }>>(
    'SELECT last_position FROM event_sequence WHERE id = 1',
  );
  return Number(counter?.last_position ?? 0);
}
