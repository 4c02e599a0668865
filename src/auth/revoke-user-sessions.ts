import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { revokeSessionsWhere } from './revoke-sessions.js';

/** Signs a user out everywhere (`tickler logout`): every active session; answers how many. */
export async function revokeUserSessions(deps: { db: Db; clock: Clock }, userId: string): Promise<number> {
  return (await revokeSessionsWhere(deps.db, deps.clock.now(), { userId }, 'logout-all')).length;
}
