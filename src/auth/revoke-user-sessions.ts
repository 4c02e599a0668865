import { deleteUserAppPasswords } from '../app-passwords/delete-app-password.js';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { revokeSessionsWhere } from './revoke-sessions.js';

/**
 * Signs a user out everywhere (`tickler logout`): every active session, and every app password (the
 * CalDAV clients' sign-ins); answers how many of each.
 */
export async function revokeUserSessions(deps: { db: Db; clock: Clock }, userId: string): Promise<{ sessions: number; appPasswords: number }> {
  const sessions = (await revokeSessionsWhere(deps.db, deps.clock.now(), { userId }, 'logout-all')).length;
  return { sessions, appPasswords: await deleteUserAppPasswords(deps.db, userId) };
}
