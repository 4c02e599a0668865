import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig, type DatabaseProvider } from '../../src/config.js';
import { startService, type RunningService, type StartServiceOptions } from '../../src/service.js';
import { NO_RATE_LIMITS } from './no-rate-limits.js';
import { createPostgresDatabase } from './postgres.js';

export const PROVIDERS: DatabaseProvider[] = ['sqlite', 'postgresql'];

export interface TestService extends RunningService {
  dataDir: string;
  /** DATABASE_URL of the service's database (a SQLite file in dataDir, or a fresh PostgreSQL database). */
  databaseUrl: string;
  /** A valid local-issuer token for this user. */
  token(userId: string, ttlSeconds?: number): Promise<string>;
  /** fetch against the service with a bearer token for `userId` (null: no Authorization header). */
  request(userId: string | null, pathname: string, init?: RequestInit): Promise<Response>;
}

export interface TestServiceOptions {
  env?: Record<string, string>;
  clock?: Clock;
  /** Told every SQL statement the service sends. */
  onDatabaseQuery?: (sql: string) => void;
  /** Where the service's JSON log lines go (with env LOG_LEVEL set; the default is silent). */
  logDestination?: StartServiceOptions['logDestination'];
  /** Stands in for DNS when webhook URL hosts are resolved. */
  resolveHost?: StartServiceOptions['resolveHost'];
  /** DATA_DIR to use (e.g. on a file system the test controls); a fresh temporary one otherwise. */
  dataDir?: string;
  /** DATABASE_URL to use instead of a fresh database (e.g. on a PostgreSQL cluster the test controls). */
  databaseUrl?: string;
}

/** A real service on a loopback port over a fresh database of the given provider. */
export async function startTestService(
  provider: DatabaseProvider,
  options: TestServiceOptions = {},
): Promise<TestService> {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'tickler-test-'));
  const postgres = provider === 'postgresql' && !options.databaseUrl ? await createPostgresDatabase() : undefined;
  const databaseUrl = options.databaseUrl ?? postgres?.url;
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    ...NO_RATE_LIMITS,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const service = await startService(config, {
    clock: options.clock,
    onDatabaseQuery: options.onDatabaseQuery,
    logDestination: options.logDestination,
    resolveHost: options.resolveHost,
  });
  const token = async (userId: string, ttlSeconds = 3600) =>
    issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId, ttlSeconds });
  return {
    ...service,
    dataDir,
    databaseUrl: config.database.url,
    token,
    async request(userId, pathname, init = {}) {
      const headers = new Headers(init.headers);
      if (userId !== null) headers.set('authorization', `Bearer ${await token(userId)}`);
      return fetch(`${service.url}${pathname}`, { ...init, headers });
    },
    async close() {
      await service.close();
      await postgres?.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function jsonRequest(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}
