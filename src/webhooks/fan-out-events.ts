import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import type { TaskEvent } from '../events/task-event.js';
import { timeBudget, yieldTurn } from '../db/take-turns.js';
import { insertRows } from './insert-rows.js';
import { endpointEvents } from './webhook-endpoint-view.js';
import { webhookPayloadOf } from './webhook-payload.js';

export interface FanOutDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  /** Delay before a new delivery's first attempt (the retry schedule's first entry, normally 0). */
  firstAttemptDelayMs: number;
  batchSize?: number;
  /**
   * How long one call may go on fanning out batches; it then returns with `more` (default: until done).
   * Each batch is a transaction that holds SQLite's writer: under a flood of events an unbounded loop
   * would leave the sweep, the relay and the dispatchers no turn.
   */
  budgetMs?: number;
  /** Checked between batches: once true, the call returns (with `more`) after the batch in progress. */
  stopped?: () => boolean;
  /** Other delivery channels (push) that write their own deliveries in the same transactions. */
  channels?: readonly FanOutChannel[];
}

/** An outbox event as the fan-out reads it. */
export interface OutboxEventRow {
  id: string;
  type: string;
  user_id: string;
  payload: string;
}

/** A delivery channel besides webhooks, fed from the same fan-out. */
export interface FanOutChannel {
  /** Writes the channel's deliveries for a batch of events, inside the batch's transaction; answers how many. */
  fanOut(tx: Tx, events: OutboxEventRow[], now: Date): Promise<number>;
  /** After the batch committed, with what fanOut answered. */
  committed?(count: number): void;
}

// Arbitrary, but distinct from the migration lock (72707369) and the scheduler start-up lock (72707370).
const FAN_OUT_LOCK_KEY = 72707371;

/**
 * Turns committed outbox events into deliveries: one per enabled endpoint of the event's user that is
 * subscribed to its type. Each batch is one transaction that reads the events, writes the deliveries
 * and marks the events fanned out; a crash anywhere leaves the batch to be fanned out again, whole.
 * On PostgreSQL instances take turns through a transaction-scoped advisory lock rather than row locks:
 * the outbox relay locks the same rows (FOR UPDATE SKIP LOCKED), and with row locks each would keep
 * skipping the events the other was holding.
 */
export async function fanOutEvents(deps: FanOutDeps): Promise<FanOutResult> {
  const batchSize = deps.batchSize ?? 500;
  const budget = timeBudget(deps.budgetMs ?? Number.POSITIVE_INFINITY);
  const result: FanOutResult = { deliveries: 0, endpointIds: [], more: false };
  const endpointIds = new Set<bigint>();
  for (;;) {
    const batch = await deps.db.$transaction((tx) => fanOutBatch(tx, deps, batchSize), { timeout: 30_000, maxWait: 30_000 });
    deps.channels?.forEach((channel, i) => channel.committed?.(batch.channelCounts[i] ?? 0));
    result.deliveries += batch.deliveries;
    for (const id of batch.endpointIds) endpointIds.add(id);
    const more = batch.events === batchSize;
    if (!more || budget.spent() || deps.stopped?.()) return { ...result, endpointIds: [...endpointIds], more };
    await yieldTurn();
  }
}

export interface FanOutResult {
  deliveries: number;
  /** The endpoints that got new deliveries. */
  endpointIds: bigint[];
  /** Stopped by its budget or a stop with events left: call again (after giving others a turn). */
  more: boolean;
}

async function fanOutBatch(tx: Tx, deps: FanOutDeps, batchSize: number) {
  if (deps.provider === 'postgresql') await tx.$queryRawUnsafe('SELECT pg_advisory_xact_lock($1)::text', FAN_OUT_LOCK_KEY);
  const events = await tx.$queryRawUnsafe<OutboxEventRow[]>(
    `SELECT id, type, user_id, payload FROM events WHERE fanned_out_at IS NULL ORDER BY id LIMIT ${batchSize}`,
  );
  if (events.length === 0) return { events: 0, deliveries: 0, endpointIds: [], channelCounts: [] };
  const now = deps.now();
  const endpoints = await tx.webhookEndpoint.findMany({
    where: { userId: { in: [...new Set(events.map((event) => event.user_id))] }, enabled: true },
    select: { id: true, userId: true, events: true },
  });
  const subscriptions = endpoints.map((endpoint) => ({ ...endpoint, types: endpointEvents(endpoint) }));
  const deliveries: Array<[bigint, string, string, string, string, string, number, Date, Date, Date]> = [];
  if (endpoints.length > 0) {
    const nextAttemptAt = new Date(now.getTime() + deps.firstAttemptDelayMs);
    for (const row of events) {
      const subscribed = subscriptions.filter((e) => e.userId === row.user_id);
      if (subscribed.length === 0) continue;
      const event = JSON.parse(row.payload) as TaskEvent;
      // List events (listChanged) are no webhook event type: no endpoint subscribes to them.
      if (!subscribed.some((endpoint) => endpoint.types.includes(event.type))) continue;
      const payload = JSON.stringify(webhookPayloadOf(event));
      for (const endpoint of subscribed) {
        if (!endpoint.types.includes(event.type)) continue;
        deliveries.push([endpoint.id, row.user_id, event.id, event.type, payload, 'pending', 0, nextAttemptAt, now, now]);
      }
    }
  }
  await insertRows(
    tx,
    deps.provider,
    'webhook_deliveries',
    ['endpoint_id', 'user_id', 'event_id', 'event_type', 'payload', 'state', 'attempt_count', 'next_attempt_at', 'created_at', 'updated_at'],
    deliveries,
  );
  const channelCounts: number[] = [];
  for (const channel of deps.channels ?? []) channelCounts.push(await channel.fanOut(tx, events, now));
  await tx.event.updateMany({ where: { id: { in: events.map((event) => event.id) } }, data: { fannedOutAt: now } });
  return { events: events.length, deliveries: deliveries.length, endpointIds: [...new Set(deliveries.map((row) => row[0]))], channelCounts };
}
