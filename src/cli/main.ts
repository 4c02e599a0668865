import { existsSync, readFileSync } from 'node:fs';
import { issueLocalToken, parseTtl } from '../auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../auth/local-signing-key.js';
import { isAcceptableUserId } from '../auth/user-id.js';
import { ConfigError, loadConfig } from '../config.js';
import { backup, BACKUP_USAGE } from './backup.js';
import { login, LOGIN_USAGE } from './login.js';
import { logout, LOGOUT_USAGE } from './logout.js';
import { parseFlags } from './parse-flags.js';
import { serve, SERVE_USAGE } from './serve.js';
import { UsageError } from './usage-error.js';

const TOKEN_USAGE = 'token --user <id> [--ttl 1h]       print a bearer token for the local issuer';
const MIGRATE_USAGE = 'migrate                            apply pending database migrations and exit';

interface Command {
  usage: string;
  run(args: string[]): Promise<void>;
}

const COMMANDS: Record<string, Command> = {
  serve: { usage: SERVE_USAGE, run: serve },
  token: { usage: TOKEN_USAGE, run: token },
  migrate: { usage: MIGRATE_USAGE, run: migrate },
  login: { usage: LOGIN_USAGE, run: login },
  logout: { usage: LOGOUT_USAGE, run: logout },
  backup: { usage: BACKUP_USAGE, run: backup },
};

const USAGE = `usage: tickler <command> [flags]
${Object.values(COMMANDS)
  .map((command) => `  ${command.usage}`)
  .join('\n')}
Every command takes --help; tickler --version prints the version.`;

async function token(args: string[]): Promise<void> {
  const values = parseFlags('token', args, { user: { type: 'string' }, ttl: { type: 'string', default: '1h' } });
  if (!isAcceptableUserId(values.user)) throw new UsageError('token needs --user <id> (1-255 characters)');
  const ttlSeconds = parseTtl(values.ttl);
  if (ttlSeconds === null) throw new UsageError('--ttl must look like 90s, 15m, 1h or 7d');
  const config = loadConfig();
  if (config.auth.mode !== 'local') {
    throw new UsageError('AUTH_ISSUER is set: tokens come from that identity provider, not from tickler');
  }
  const key = await loadOrCreateLocalSigningKey(config.dataDir);
  process.stdout.write(`${await issueLocalToken({ key, userId: values.user, ttlSeconds })}\n`);
}

async function migrate(args: string[]): Promise<void> {
  parseFlags('migrate', args, {});
  const { applyMigrations } = await import('../db/migrate.js');
  const result = await applyMigrations(loadConfig().database);
  process.stderr.write(
    result.applied.length ? `applied: ${result.applied.join(', ')}\n` : 'database is up to date\n',
  );
}

/** package.json's version: two directories up from src/cli/, three from the compiled dist/src/cli/. */
function version(): string {
  for (const up of ['../../package.json', '../../../package.json']) {
    const file = new URL(up, import.meta.url);
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'unknown';
}

const isHelp = (arg: string | undefined) => arg === '--help' || arg === '-h';

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (isHelp(name) || name === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`tickler ${version()}\n`);
    return;
  }
  const command = name === undefined ? undefined : COMMANDS[name];
  if (!command) {
    const what = name === undefined ? 'no command given' : name.startsWith('-') ? `unknown flag ${name}` : `unknown command "${name}"`;
    throw new UsageError(what);
  }
  if (rest.some(isHelp)) {
    process.stdout.write(`usage: tickler ${command.usage}\n`);
    return;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`tickler: ${error.message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (error instanceof ConfigError) {
    process.stderr.write(`tickler: configuration error: ${error.message}\n`);
    process.exit(78);
  }
  // Everything else, e.g. another `tickler serve` holding the SQLite data directory: one line, exit 1.
  process.stderr.write(`tickler: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
