import type { Db } from '../../src/db/database.js';
import { ensureInbox } from '../../src/lists/ensure-inbox.js';

/** The id of the user's Inbox (made if missing; the user row must exist), for tests that write tasks directly. */
export async function inboxOf(db: Db, userId: string): Promise<bigint> {
  return (await ensureInbox(db, userId)).id;
}
