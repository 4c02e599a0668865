import type { DatabaseProvider } from '../config.js';
import type BetterSqlite3 from 'better-sqlite3';
import type { Db, Tx } from '../db/database.js';
import { execute, queryRows, runSqlProgram, type SqlTarget } from '../db/sql-program.js';
import { instantParam, param } from '../db/raw-sql.js';
import { yieldTurn } from '../db/take-turns.js';
import type { Logger } from '../logger.js';
import type { LiveEvent } from './event-bus.js';
import { sequenceEvents } from './sequence-events.js';
import type { TaskEvent } from './task-event.js';

export interface EventSink {
  publish(live: LiveEvent): void | Promise<void>;
}

export interface OutboxRelayOptions {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: the relay's statements then run synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  sink: EventSink;
  logger: Logger;
  /** How often to look for unpublished events when nobody called wake(). */
  pollIntervalMs?: number;
  batchSize?: number;
}

export interface OutboxRelay {
  start(): void;
  /** Asks for a pass soon, e.g. right after a transaction that recorded events committed. */
  wake(): void;
  /** Publishes everything pending now; resolves when the outbox is drained. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

// Arbitrary, but distinct from the migration (72707369), scheduler start-up (72707370) and fan-out
// (72707371) locks.
const PUBLISH_LOCK_KEY = 72707372;

/** How long a wake-up waits for more commits to join the same pass. */
const WAKE_DELAY_MS = 5;

/**
 * Moves committed outbox events to the live event bus (subscriptions), in two steps: positions are given
 * and committed first (sequence-events.ts), then events are published in position order and marked
 * published. Several instances may run it; on PostgreSQL they publish one at a time (a transaction-scoped
 * advisory lock held while publishing), so the bus carries events in position order. A crash or a bus
 * failure before the mark commits repeats events (at-least-once; subscriptions drop what they already
 * have by position) but never drops one.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, provider, sink, logger } = options;
  const target: SqlTarget = { db, provider, sqliteWriter: options.sqliteWriter };
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  /** PostgreSQL: instances publish one at a time, under an advisory lock held in the transaction. */
  async function publishPositioned(client: Tx): Promise<number> {
    await client.$queryRawUnsafe('SELECT pg_advisory_xact_lock($1)::text', PUBLISH_LOCK_KEY);
    const rows = await client.$queryRawUnsafe<Array<{ id: string; position: bigint | number | string; payload: string }>>(
      `SELECT id, position, payload FROM events WHERE published_at IS NULL AND position IS NOT NULL ORDER BY position LIMIT ${batchSize}`,
    );
    if (rows.length === 0) return 0;
    for (const row of rows) await sink.publish({ position: Number(row.position), event: JSON.parse(row.payload) as TaskEvent });
    const ids = rows.map((_, i) => param(provider, i + 2)).join(', ');
    await client.$executeRawUnsafe(
      `UPDATE events SET published_at = ${param(provider, 1)} WHERE id IN (${ids})`,
      instantParam(provider, new Date()),
      ...rows.map((row) => row.id),
    );
    return rows.length;
  }

  /**
   * SQLite has one relay and one writer: no transaction is held open while the bus is slow (it would
   * hold every write back). Every unpublished event up to the last one read is in the batch (positions
   * given later are larger), so the mark needs no list of ids.
   */
  async function publishOnSqlite(): Promise<number> {
    const rows = await runSqlProgram(target, () =>
      queryRows<{ id: string; position: bigint | number | string; payload: string }>(
        `SELECT id, position, payload FROM events WHERE published_at IS NULL AND position IS NOT NULL ORDER BY position LIMIT ${batchSize}`,
      ),
    );
    if (rows.length === 0) return 0;
    for (const row of rows) await sink.publish({ position: Number(row.position), event: JSON.parse(row.payload) as TaskEvent });
    await runSqlProgram(target, () =>
      execute(
        // The (published_at, position) index reads just the unpublished ones; the position index would walk every event before them.
        'UPDATE events INDEXED BY events_published_at_position_idx SET published_at = ? WHERE published_at IS NULL AND position <= ?',
        new Date(),
        Number(rows.at(-1)!.position),
      ),
    );
    return rows.length;
  }

  /** One batch: position what committed, publish what is positioned. */
  async function publishBatch(): Promise<{ sequenced: number; published: number }> {
    const sequenced = await sequenceEvents({ ...target, batchSize });
    const published =
      provider === 'sqlite' ? await publishOnSqlite() : await db.$transaction((tx) => publishPositioned(tx), { timeout: 60_000, maxWait: 60_000 });
    return { sequenced, published };
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const { sequenced, published } = await publishBatch();
      total += published;
      if (sequenced < batchSize && published < batchSize) return total;
      await yieldTurn();
    }
  }

  function run(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      do {
        again = false;
        total += await drainOnce();
      } while (again);
      return total;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  // When the pending pass is due; a wake() only brings it forward, so a burst of commits costs one pass.
  let dueAt = Number.POSITIVE_INFINITY;

  function schedule(delay: number) {
    if (stopped) return;
    clearTimeout(timer);
    dueAt = Date.now() + delay;
    timer = setTimeout(() => {
      dueAt = Number.POSITIVE_INFINITY;
      run()
        .catch((error: unknown) => logger.error({ err: error }, 'outbox relay pass failed'))
        .finally(() => schedule(pollIntervalMs));
    }, delay);
    timer.unref();
  }

  return {
    start() {
      stopped = false;
      schedule(0);
    },
    wake() {
      if (!stopped && dueAt > Date.now() + WAKE_DELAY_MS) schedule(WAKE_DELAY_MS);
    },
    drain: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
