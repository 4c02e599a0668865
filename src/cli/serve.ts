import { loadConfig } from '../config.js';
import type { InstanceLock } from '../db/instance-lock.js';
import { parseFlags } from './parse-flags.js';
import { describeStartup, shouldPrintBanner } from './startup-banner.js';

export const SERVE_USAGE = 'serve [--port <n>] [--host <addr>]  run the service (flags override PORT and HOST)';

/** `tickler serve`: runs the service until SIGTERM or SIGINT, then drains it (docs/operations.md). */
export async function serve(args: string[]): Promise<void> {
  const flags = parseFlags('serve', args, { port: { type: 'string' }, host: { type: 'string' } });
  const config = loadConfig(undefined, { port: flags.port, host: flags.host });
  // SQLite has one writer: a second service on the same data directory would fight over it and send
  // every webhook twice. PostgreSQL instances share DATA_DIR (the signing key) by design.
  let lock: InstanceLock | undefined;
  if (config.database.provider === 'sqlite') lock = (await import('../db/instance-lock.js')).acquireInstanceLock(config.dataDir);
  // Commands load what they use: `tickler token` never loads the service, its database or its HTTP stack.
  const [{ startService }, { prepareWebApp }, { createLogger }] = await Promise.all([
    import('../service.js'),
    import('./prepare-web-app.js'),
    import('../logger.js'),
  ]);
  await prepareWebApp(() => createLogger(config.logLevel, undefined, config.logFormat));
  const service = await startService(config);
  const log = service.app.log;
  // Where it listens, the database kind (never its URL: that may hold a password) and the auth mode.
  const { provider } = config.database;
  const auth = config.auth.mode === 'oidc' ? { authMode: 'oidc', issuer: config.auth.issuer } : { authMode: 'local' };
  log.info({ url: service.url, database: provider, ...auth }, 'tickler is listening');
  if (shouldPrintBanner(config.logFormat, process.stdout.isTTY === true)) {
    const { dataDir, database, auth } = config;
    process.stdout.write(describeStartup({ url: service.url, dataDir, provider: database.provider, authMode: auth.mode }));
  }
  let closing = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    closing = true;
    log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
    setTimeout(() => {
      log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took longer than SHUTDOWN_TIMEOUT: exiting now');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    service.close().then(
      () => {
        lock?.release();
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
