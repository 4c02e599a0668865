import type { AccountDeleted } from '../context.js';
import type { Db } from '../db/database.js';
import type { AccountDeletionNotices } from '../events/event-bus.js';
import type { Logger } from '../logger.js';
import type { UserDirectory } from '../users/user-directory.js';
import { accountDeletionKey, type AccountDeletionChecker } from './account-deletions.js';
import type { LiveConnections } from './live-connections.js';

export interface FollowAccountDeletionsDeps {
  db: Db;
  logger: Logger;
  /** Carries each deletion to every instance (this one too). */
  bus: AccountDeletionNotices;
  deletions: AccountDeletionChecker;
  users: Pick<UserDirectory, 'forget'>;
  live: LiveConnections;
}

/** Users whose deletion markers one query reads after a reconnection of the bus. */
const MARKERS_PER_QUERY = 500;

/**
 * How an account deletion reaches every instance: the deleting instance tells the event bus, and each
 * instance then refuses the account's old tokens at once (not after its deletion cache's TTL) and closes
 * their live connections (WebSocket with 4401, like a signed-out session; event streams end). A bus that
 * was disconnected reads the markers of its connected users from the database when it is back.
 *
 * Answers what the deleting request tells (ServiceContext.accountDeleted).
 */
export function followAccountDeletions(deps: FollowAccountDeletionsDeps): AccountDeleted {
  const forget = (userId: string, deletedAt: Date) => {
    deps.deletions.deleted(userId, deletedAt);
    deps.users.forget(userId);
    const connections = deps.live.closeDeletedAccount(userId, deletedAt);
    if (connections > 0) deps.logger.info({ userId, connections }, 'live connections of a deleted account closed');
  };

  deps.bus.onAccountDeletion({
    deleted: ({ userId, deletedAt }) => forget(userId, deletedAt),
    async missed() {
      const userIds = deps.live.userIds();
      for (let start = 0; start < userIds.length; start += MARKERS_PER_QUERY) {
        const byKey = new Map(userIds.slice(start, start + MARKERS_PER_QUERY).map((userId) => [accountDeletionKey(userId), userId]));
        const markers = await deps.db.accountDeletion.findMany({ where: { userHash: { in: [...byKey.keys()] } } });
        for (const marker of markers) forget(byKey.get(marker.userHash)!, marker.deletedAt);
      }
    },
  });

  return (userId, deletedAt) => {
    // This instance at once; the others through the bus (which brings it back here too: a second
    // forget changes nothing).
    forget(userId, deletedAt);
    deps.bus.announceAccountDeletion({ userId, deletedAt }).catch((error: unknown) => {
      deps.logger.warn({ err: error }, 'account deletion not announced to the other instances');
    });
  };
}
