import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { param } from '../db/raw-sql.js';
import { eventsExpired, invalidRequest } from '../errors.js';
import type { LiveEvent } from './event-bus.js';
import { sequenceEvents } from './sequence-events.js';
import type { OutboxEventType, TaskEvent } from './task-event.js';
import { uuidv7Millis } from './uuid-v7.js';

export interface OutboxReadDeps {
  db: Db;
  provider: DatabaseProvider;
}

export interface EventsAfter {
  userId: string;
  types: readonly OutboxEventType[];
  /** Position to read after (exclusive). */
  after: number;
  limit: number;
}

/** The user's positioned events of these types after a position, in position order (published or not yet). */
export async function readEventsAfter(deps: OutboxReadDeps, query: EventsAfter): Promise<LiveEvent[]> {
  const p = (n: number) => param(deps.provider, n);
  const types = query.types.map((_, i) => p(i + 3)).join(', ');
  const rows = await deps.db.$queryRawUnsafe<Array<{ position: bigint | number | string; payload: string }>>(
    `SELECT position, payload FROM events
     WHERE user_id = ${p(1)} AND position > ${p(2)} AND type IN (${types})
     ORDER BY position LIMIT ${Math.trunc(query.limit)}`,
    query.userId,
    query.after,
    ...query.types,
  );
  return rows.map((row) => ({ position: Number(row.position), event: JSON.parse(row.payload) as TaskEvent }));
}

const EVENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export interface ResumeDeps extends OutboxReadDeps {
  /** EVENT_RETENTION: how far back a subscription can resume. */
  retentionMs: number;
}

/**
 * Where a subscription resumes after the client's last event `eventId`: that event's position. It must
 * be one of the user's events and younger than EVENT_RETENTION, so that everything after it is still
 * in the outbox (pruning only deletes events older than that). An id that is not, whether pruned,
 * another user's or never issued, is answered alike (EVENTS_EXPIRED: refetch, then subscribe afresh),
 * so the answer reveals nothing about other users' events.
 */
export async function resumePosition(deps: ResumeDeps, userId: string, eventId: string, now: Date): Promise<number> {
  const id = eventId.trim().toLowerCase();
  if (!EVENT_ID.test(id)) throw invalidRequest('after (or Last-Event-ID) must be an event id as received: a UUIDv7');
  const expired = () =>
    eventsExpired(`Events after ${id} are no longer available (older than the event retention, or unknown): refetch, then subscribe without after`);
  if (uuidv7Millis(id) < now.getTime() - deps.retentionMs) throw expired();
  const find = async () =>
    (
      await deps.db.$queryRawUnsafe<Array<{ position: bigint | number | string | null }>>(
        `SELECT position FROM events WHERE id = ${param(deps.provider, 1)} AND user_id = ${param(deps.provider, 2)}`,
        id,
        userId,
      )
    )[0];
  let row = await find();
  if (!row) throw expired();
  // Known to the client (from a webhook, say) before the relay positioned it: position it now, as the
  // relay would, so that "after it" means what it means for every other event.
  for (let pass = 0; row && row.position === null && pass < 100; pass += 1) {
    await sequenceEvents(deps);
    row = await find();
  }
  if (!row || row.position === null) throw expired();
  return Number(row.position);
}
