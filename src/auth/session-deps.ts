import type { Clock } from '../clock.js';
import type { SessionConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { LocalSigningKey } from './local-signing-key.js';

/** Told the ids of sessions this process revoked, so its own verifier refuses their tokens at once. */
export type SessionsRevoked = (sessionIds: string[]) => void;

/** What the sign-in services need (local issuer mode only: sessions are signed with its key). */
export interface SessionDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  key: LocalSigningKey;
  config: SessionConfig;
  sessionsRevoked?: SessionsRevoked;
}
