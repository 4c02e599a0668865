import type { Clock } from './clock.js';
import type { Db } from './db/database.js';
import type { Logger } from './logger.js';

/** What a service function needs to act for one caller; REST, GraphQL and jobs all build it here. */
export interface ServiceContext {
  userId: string;
  db: Db;
  clock: Clock;
  logger: Logger;
}

export interface ContextDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
}

export function createContext(deps: ContextDeps, userId: string): ServiceContext {
  return { ...deps, userId, logger: deps.logger.child({ userId }) };
}
