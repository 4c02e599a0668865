import { parseFlags } from './parse-flags.js';
import { revokeUserSessions } from '../auth/revoke-user-sessions.js';
import { isAcceptableUserId } from '../auth/user-id.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { UsageError } from './usage-error.js';
import { withDatabase } from './with-database.js';

export const LOGOUT_USAGE = 'logout --user <id>                 sign the user out of every session and app password';

/** `tickler logout`: revokes every active session and app password of the user and prints how many. */
export async function logout(args: string[]): Promise<void> {
  const values = parseFlags('logout', args, { user: { type: 'string' } });
  if (!isAcceptableUserId(values.user)) throw new UsageError('logout needs --user <id> (1-255 characters)');
  const userId = values.user;
  const { sessions, appPasswords } = await withDatabase(loadConfig(), ({ db }) => revokeUserSessions({ db, clock: systemClock }, userId));
  const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;
  process.stdout.write(`revoked ${plural(sessions, 'session')} and ${plural(appPasswords, 'app password')} of ${userId}\n`);
}
