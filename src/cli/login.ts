import { parseFlags } from './parse-flags.js';
import { createLoginCode, LOGIN_CODE_TTL_MS, loginLink } from '../auth/create-login-code.js';
import { isAcceptableUserId } from '../auth/user-id.js';
import { systemClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { parseDuration } from '../duration.js';
import { UsageError } from './usage-error.js';
import { withDatabase } from './with-database.js';

export const LOGIN_USAGE = 'login --user <id> [--ttl 10m]       print a one-time sign-in link for the web app';

const LOGIN_TTL_MAX_MS = 86_400_000;

/** `tickler login`: prints exactly one line, `<PUBLIC_URL>/login#code=<code>`. */
export async function login(args: string[]): Promise<void> {
  const values = parseFlags('login', args, { user: { type: 'string' }, ttl: { type: 'string' } });
  if (!isAcceptableUserId(values.user)) throw new UsageError('login needs --user <id> (1-255 characters)');
  const ttlMs = values.ttl === undefined ? LOGIN_CODE_TTL_MS : parseDuration(values.ttl);
  if (ttlMs === null || ttlMs < 1000 || ttlMs > LOGIN_TTL_MAX_MS) {
    throw new UsageError('--ttl must look like 90s, 10m or 1h (1s to 24h)');
  }
  const config = loadConfig();
  if (config.auth.mode !== 'local') {
    throw new UsageError('AUTH_ISSUER is set: people sign in with that identity provider, not with tickler links');
  }
  const userId = values.user;
  const code = await withDatabase(config, ({ db }) => createLoginCode({ db, clock: systemClock, userId, ttlMs }));
  process.stdout.write(`${loginLink(config.publicUrl, code)}\n`);
}
