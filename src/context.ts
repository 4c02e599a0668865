import type { Clock } from './clock.js';
import type { Db } from './db/database.js';
import type { EventNotifier } from './events/event-notifier.js';
import type { Logger } from './logger.js';
import type { TaskStore } from './tasks/store/task-store.js';

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
}

export interface ContextDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  events: EventNotifier;
  store: TaskStore;
}

export function createContext(deps: ContextDeps, userId: string): ServiceContext {
  return { ...deps, userId, logger: deps.logger.child({ userId }) };
}
