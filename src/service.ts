import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { loadOrCreateLocalSigningKey } from './auth/local-signing-key.js';
import { createTokenVerifier } from './auth/token-verifier.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { applyMigrations } from './db/migrate.js';
import { createLogger } from './logger.js';
import { createUserDirectory } from './users/user-directory.js';
import type pino from 'pino';

export interface RunningService {
  app: FastifyInstance;
  database: Database;
  /** Base URL the service listens on, e.g. http://127.0.0.1:3000 */
  url: string;
  close(): Promise<void>;
}

export interface StartServiceOptions {
  clock?: Clock;
  logDestination?: pino.DestinationStream;
}

/** The composition root: every long-lived dependency is created here and passed down. */
export async function startService(config: Config, options: StartServiceOptions = {}): Promise<RunningService> {
  const logger = createLogger(config.logLevel, options.logDestination);
  const migrations = await applyMigrations(config.database);
  if (migrations.applied.length > 0) logger.info({ applied: migrations.applied }, 'migrations applied');
  if (migrations.modified.length > 0) {
    logger.warn({ modified: migrations.modified }, 'applied migrations were modified after they were applied');
  }
  const localKey = config.auth.mode === 'local' ? await loadOrCreateLocalSigningKey(config.dataDir) : undefined;
  const database = await openDatabase(config.database);
  const app = await buildApp({
    logger,
    verifier: createTokenVerifier({ auth: config.auth, localKey }),
    users: createUserDirectory(database.db),
    context: { db: database.db, clock: options.clock ?? systemClock, logger },
    isDatabaseReachable: () => database.ping(),
    publicKeys: localKey ? [localKey.publicJwk] : [],
  });
  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    app,
    database,
    url: `http://${host}:${port}`,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
