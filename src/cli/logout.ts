import { parseFlags } from './parse-flags.js';
import { revokeUserSessions } from '../auth/revoke-user-sessions.js';
import { isAcceptableUserId } from '../auth/user-id.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { UsageError } from './usage-error.js';
import { withDatabase } from './with-database.js';

export const LOGOUT_USAGE = 'logout --user <id>                 sign the user out of every session';

/** `tickler logout`: revokes every active session of the user and prints how many. */
export async function logout(args: string[]): Promise<void> {
  const values = parseFlags('logout', args, { user: { type: 'string' } });
  if (!isAcceptableUserId(values.user)) throw new UsageError('logout needs --user <id> (1-255 characters)');
  const userId = values.user;
  const count = await withDatabase(loadConfig(), ({ db }) => revokeUserSessions({ db, clock: systemClock }, userId));
  process.stdout.write(`revoked ${count} session${count === 1 ? '' : 's'} of ${userId}\n`);
}
