import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { runTickler, serveTickler } from '../support/cli.js';
import { createPostgresDatabase } from '../support/postgres.js';
import { PROVIDERS } from '../support/test-service.js';

const cleanups = cleanupsAfterEach();

const modeOf = (file: string) => statSync(file).mode & 0o777;

/** Every file and directory under `root` with its permission bits. */
function modesUnder(root: string): Map<string, number> {
  const modes = new Map<string, number>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    modes.set(path.relative(root, file), modeOf(file));
  }
  return modes;
}

/** Files other users could read or write, with their modes in octal. */
function openToOthers(root: string): string[] {
  return [...modesUnder(root)].filter(([, mode]) => (mode & 0o077) !== 0).map(([file, mode]) => `${file} ${mode.toString(8)}`);
}

let root: string;
let previousUmask: number;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'tickler-modes-'));
  // The usual umask: files SQLite creates on its own would be 0644, directories 0755. (Test workers are
  // processes of their own, and the services below inherit it.)
  previousUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(previousUmask);
  rmSync(root, { recursive: true, force: true });
});

/** Starts `tickler serve` on `dataDir` and writes through it, so SQLite has its WAL and SHM open; resolves to its stop. */
async function serveAndWrite(env: Record<string, string>): Promise<() => Promise<void>> {
  const service = await serveTickler(env);
  cleanups.push(() => service.stop('SIGKILL').then(() => undefined));
  const token = await runTickler(['token', '--user', 'modes'], { DATA_DIR: env.DATA_DIR!, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) });
  expect(token.code, token.stderr).toBe(0);
  const created = await fetch(`${service.url}/tasks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token.stdout.trim()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Written through the WAL' }),
  });
  expect(created.status).toBe(201);
  return async () => expect(await service.stop()).toBe(0);
}

describe.each(PROVIDERS)('files under DATA_DIR on %s are for the service user only', (provider) => {
  async function databaseEnv(): Promise<Record<string, string>> {
    if (provider === 'sqlite') return {};
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    return { DATABASE_URL: database.url };
  }

  it('creates DATA_DIR 0700 and every file in it 0600, the SQLite WAL and SHM included', { timeout: 90_000 }, async () => {
    const dataDir = path.join(root, `${provider}-fresh`, 'data');
    const stop = await serveAndWrite({ DATA_DIR: dataDir, ...(await databaseEnv()) });
    // While it runs: the WAL and SHM exist only while the database is open.
    expect(modeOf(dataDir).toString(8)).toBe('700');
    const modes = modesUnder(dataDir);
    expect(modes.get(path.join('keys', 'local-issuer.jwk.json'))).toBe(0o600);
    if (provider === 'sqlite') {
      for (const file of ['tickler.db', 'tickler.db-wal', 'tickler.db-shm', 'tickler.jobs.db']) expect(modes.get(file), file).toBe(0o600);
    }
    expect(openToOthers(dataDir)).toEqual([]);
    await stop();
  });

  it('leaves an existing DATA_DIR its mode and makes the files in it 0600', { timeout: 90_000 }, async () => {
    const dataDir = path.join(root, `${provider}-existing`);
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const env = { DATA_DIR: dataDir, ...(await databaseEnv()) };
    await (await serveAndWrite(env))();
    // The database files as an older version left them: readable by everyone (a WAL included).
    if (provider === 'sqlite') writeFileSync(path.join(dataDir, 'tickler.db-wal'), '', { flag: 'a' });
    const databaseFiles = readdirSync(dataDir).filter((name) => name.startsWith('tickler'));
    for (const name of databaseFiles) chmodSync(path.join(dataDir, name), 0o644);
    expect(openToOthers(dataDir).length).toBe(databaseFiles.length);
    const stop = await serveAndWrite(env);
    expect(modeOf(dataDir).toString(8)).toBe('755');
    expect(openToOthers(dataDir)).toEqual([]);
    await stop();
  });
});

describe('tickler backup', () => {
  it('writes the copy 0600, also over an older file that others could read', { timeout: 90_000 }, async () => {
    const dataDir = path.join(root, 'backup-data');
    await (await serveAndWrite({ DATA_DIR: dataDir }))();
    const service = await serveTickler({ DATA_DIR: dataDir });
    cleanups.push(() => service.stop('SIGKILL').then(() => undefined));
    const out = path.join(root, 'tickler-backup.db');
    const first = await runTickler(['backup', '--out', out], { DATA_DIR: dataDir });
    expect(first.code, first.stderr).toBe(0);
    expect(modeOf(out).toString(8)).toBe('600');

    chmodSync(out, 0o644);
    const again = await runTickler(['backup', '--out', out], { DATA_DIR: dataDir });
    expect(again.code, again.stderr).toBe(0);
    expect(modeOf(out).toString(8)).toBe('600');
    expect(statSync(out).size).toBeGreaterThan(0);
  });
});
