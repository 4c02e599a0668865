import { parseArgs } from 'node:util';
import { issueLocalToken, parseTtl } from '../auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../auth/local-signing-key.js';
import { isAcceptableUserId } from '../auth/user-id.js';
import { ConfigError, loadConfig } from '../config.js';
import { applyMigrations } from '../db/migrate.js';
import { startService } from '../service.js';

const USAGE = `usage: tickler <command>
  serve                              run the service
  token --user <id> [--ttl 1h]       print a bearer token for the local issuer
  migrate                            apply pending database migrations and exit`;

class UsageError extends Error {}

async function serve(): Promise<void> {
  const service = await startService(loadConfig());
  service.app.log.info({ url: service.url }, 'tickler is listening');
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    service.app.log.info({ signal }, 'shutting down');
    service.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

async function token(args: string[]): Promise<void> {
  const { values } = parseArgs({ args, options: { user: { type: 'string' }, ttl: { type: 'string', default: '1h' } } });
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

async function migrate(): Promise<void> {
  const result = await applyMigrations(loadConfig().database);
  process.stderr.write(
    result.applied.length ? `applied: ${result.applied.join(', ')}\n` : 'database is up to date\n',
  );
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve();
    case 'token':
      return token(rest);
    case 'migrate':
      return migrate();
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command given');
  }
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
  process.stderr.write(`tickler: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
