import type { Clock } from './clock.js';
import type { Db } from './db/database.js';
import type { SessionsRevoked } from './auth/session-deps.js';
import type { EventNotifier } from './events/event-notifier.js';
import type { ChangeVia } from './events/task-event.js';
import type { Logger } from './logger.js';
import type { TaskStore } from './tasks/store/task-store.js';

/** Told the user id and (wall-clock) time of an account this process just deleted. */
export type AccountDeleted = (userId: string, deletedAt: Date) => void;

/** What a service function needs to act for one caller; REST, GraphQL and jobs all build it here. */
export interface ServiceContext {
  userId: string;
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Told after a transaction that wrote outbox events commits. */
  events: EventNotifier;
  /** The hot task paths in SQL of their own (lists, create, complete). */
  store: TaskStore;
  /** The sign-in session of the caller's token (its `sid`); absent for tokens from `tickler token` or an OIDC issuer. */
  sessionId?: string;
  /** Told of sessions revoked on the caller's behalf, so this instance refuses their tokens at once. */
  sessionsRevoked?: SessionsRevoked;
  /** Told after the caller's account was deleted (DELETE /me), so this instance refuses its old tokens at once. */
  accountDeleted?: AccountDeleted;
  /** PUBLIC_URL: where the service is reached from outside (calendar feed URLs, links to the web client). */
  publicUrl?: string;
  /** The transport the caller came through when events should name it (CalDAV); copied into task events. */
  via?: ChangeVia;
}

export interface ContextDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  events: EventNotifier;
  store: TaskStore;
  sessionsRevoked?: SessionsRevoked;
  accountDeleted?: AccountDeleted;
  publicUrl?: string;
}

export function createContext(deps: ContextDeps, userId: string, sessionId?: string): ServiceContext {
  let logger: Logger | undefined;
  const ctx: ServiceContext = {
    ...deps,
    userId,
    // Most requests log nothing of their own: the child logger (a few µs) is made when first used.
    get logger() {
      return (logger ??= deps.logger.child({ userId }));
    },
  };
  if (sessionId !== undefined) ctx.sessionId = sessionId;
  return ctx;
}
