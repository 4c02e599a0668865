import type { Db } from '../db/database.js';
import { readOptionalInstant } from '../db/raw-sql.js';

export interface OutboxBacklog {
  /** Events committed but not yet published to the live bus. */
  unpublished: number;
  /** When the oldest of them occurred; null when there are none. */
  oldestAt: Date | null;
}

/** The relay's backlog, read through the (published_at, id) index; cheap enough for every scrape. */
export async function readOutboxBacklog(db: Db): Promise<OutboxBacklog> {
  const [row] = await db.$queryRawUnsafe<Array<{ unpublished: bigint | number; oldest: unknown }>>(
    'SELECT COUNT(*) AS unpublished, MIN(occurred_at) AS oldest FROM events WHERE published_at IS NULL',
  );
  return { unpublished: Number(row?.unpublished ?? 0), oldestAt: readOptionalInstant(row?.oldest) };
}
