import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseProvider } from '../../src/config.js';
import type { Cleanup } from './cleanups.js';
import { serveTickler, type ServeProcess } from './cli.js';
import { createPostgresDatabase } from './postgres.js';

export interface TicklerProcesses {
  dataDir: string;
  /** DATABASE_URL: a SQLite file in dataDir, or a fresh PostgreSQL database. Not migrated. */
  url: string;
  /**
   * Starts one more `tickler serve` on dataDir and url (with `env` added, e.g. its own REDIS_URL); it is
   * SIGKILLed at cleanup if still running.
   */
  serve(env?: Record<string, string>, startTimeoutMs?: number): Promise<ServeProcess>;
}

/**
 * A fresh DATA_DIR (named after dataDirPrefix) and database of the provider, for `tickler serve` processes that
 * share them with `env` added. Removing the directory, dropping the database and killing the processes are pushed
 * onto `cleanups`.
 */
export async function setupTicklerProcesses(
  provider: DatabaseProvider,
  options: { dataDirPrefix: string; env: Record<string, string> },
  cleanups: Cleanup[],
): Promise<TicklerProcesses> {
  const dataDir = mkdtempSync(path.join(tmpdir(), options.dataDirPrefix));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let url = `file:${path.join(dataDir, 'tickler.db')}`;
  if (provider === 'postgresql') {
    const postgres = await createPostgresDatabase();
    cleanups.push(() => postgres.drop());
    url = postgres.url;
  }
  const env = { DATA_DIR: dataDir, DATABASE_URL: url, ...options.env };
  const serve = async (more: Record<string, string> = {}, startTimeoutMs?: number) => {
    const process = await serveTickler({ ...env, ...more }, startTimeoutMs);
    cleanups.push(() => process.stop('SIGKILL').then(() => undefined));
    return process;
  };
  return { dataDir, url, serve };
}
