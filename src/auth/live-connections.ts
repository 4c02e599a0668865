import { issuedUpToDeletion } from './account-deletions.js';

/** A connection that outlives one request (a WebSocket, an event stream), as the account rules see it. */
export interface LiveConnection {
  userId: string;
  /** The `iat` of the token that opened it (seconds), when it has one. */
  issuedAt?: number;
  /** Ends the connection because its account was deleted. */
  close(): void;
}

/** This instance's live connections, by user, so an account deletion can end them at once. */
export interface LiveConnections {
  /** Holds the connection until the returned function is called (when it closes). */
  add(connection: LiveConnection): () => void;
  /**
   * Closes the user's connections opened with a token issued up to the deletion (the tokens the deletion
   * refuses); a connection of the account made again since then stays. Answers how many it closed.
   */
  closeDeletedAccount(userId: string, deletedAt: Date): number;
  /** The users with at least one live connection here. */
  userIds(): string[];
}

export function createLiveConnections(): LiveConnections {
  const byUser = new Map<string, Set<LiveConnection>>();
  return {
    add(connection) {
      let connections = byUser.get(connection.userId);
      if (!connections) byUser.set(connection.userId, (connections = new Set()));
      connections.add(connection);
      const own = connections;
      return () => {
        own.delete(connection);
        if (own.size === 0 && byUser.get(connection.userId) === own) byUser.delete(connection.userId);
      };
    },
    closeDeletedAccount(userId, deletedAt) {
      const doomed = [...(byUser.get(userId) ?? [])].filter((connection) => issuedUpToDeletion(connection.issuedAt, deletedAt));
      for (const connection of doomed) connection.close();
      return doomed.length;
    },
    userIds: () => [...byUser.keys()],
  };
}
