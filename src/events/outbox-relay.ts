import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { instantParam, param } from '../db/raw-sql.js';
import type { Logger } from '../logger.js';
import type { TaskEvent } from './task-event.js';

export interface EventSink {
  publish(event: TaskEvent): void | Promise<void>;
}

export interface OutboxRelayOptions {
  db: Db;
  provider: DatabaseProvider;
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

/**
 * Moves committed outbox events to the live event bus (subscriptions). Several instances may run it:
 * each batch is claimed with FOR UPDATE SKIP LOCKED on PostgreSQL, and published before the claim
 * commits, so a crash can repeat an event (at-least-once; ids let consumers de-duplicate) but never
 * drop one.
 */
/** How long a wake-up waits for more commits to join the same pass. */
const WAKE_DELAY_MS = 5;

export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, provider, sink, logger } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  const lock = provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = true;

  async function publishBatch(): Promise<number> {
    return db.$transaction(async (tx) => {
      const rows = await tx.$queryRawUnsafe<Array<{ id: string; payload: string }>>(
        `SELECT id, payload FROM events WHERE published_at IS NULL ORDER BY id LIMIT ${batchSize} ${lock}`,
      );
      if (rows.length === 0) return 0;
      for (const row of rows) await sink.publish(JSON.parse(row.payload) as TaskEvent);
      const ids = rows.map((_, i) => param(provider, i + 2)).join(', ');
      await tx.$executeRawUnsafe(
        `UPDATE events SET published_at = ${param(provider, 1)} WHERE id IN (${ids})`,
        instantParam(provider, new Date()),
        ...rows.map((row) => row.id),
      );
      return rows.length;
    });
  }

  async function drainOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await publishBatch();
      total += published;
      if (published < batchSize) return total;
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
