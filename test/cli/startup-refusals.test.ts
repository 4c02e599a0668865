import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { runTickler, serveTickler } from '../support/cli.js';
import { ADMIN_DATABASE_URL, createPostgresDatabase } from '../support/postgres.js';

const cleanups = cleanupsAfterEach();

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickler-refusal-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('start-up refuses a dangerous configuration with one line', () => {
  it('NODE_ENV=production with WEBHOOK_ALLOW_INSECURE=true', async () => {
    const result = await runTickler(['serve'], { DATA_DIR: dataDir(), NODE_ENV: 'production', WEBHOOK_ALLOW_INSECURE: 'true' });
    expect(result.code).toBe(78);
    expect(result.stderr).toMatch(/^tickler: configuration error: WEBHOOK_ALLOW_INSECURE=true is refused with NODE_ENV=production[^\n]*\n$/);
  });
});

describe('start-up that cannot reach what it needs names the setting, the address (no password) and what to check', () => {
  // One line on stderr, exit 1; the password never appears.
  const refusal = async (env: Record<string, string>) => {
    const result = await runTickler(['serve'], { DATA_DIR: dataDir(), PORT: '0', ...env });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/^tickler: [^\n]+\n$/);
    expect(result.stderr).not.toContain('s3cret');
    return result.stderr;
  };

  it('a PostgreSQL DATABASE_URL nobody answers at', async () => {
    expect(await refusal({ DATABASE_URL: 'postgres://alice:s3cret@127.0.0.1:1/tickler' })).toBe(
      'tickler: cannot connect to PostgreSQL at DATABASE_URL postgres://alice:***@127.0.0.1:1/tickler: connect ECONNREFUSED 127.0.0.1:1; ' +
        'check that PostgreSQL runs at 127.0.0.1:1 and accepts connections from this host (listen_addresses, pg_hba.conf, a firewall), ' +
        'or correct the host and port in DATABASE_URL\n',
    );
  });

  it('a PostgreSQL DATABASE_URL naming a database or a user the server does not have', async () => {
    const server = new URL(ADMIN_DATABASE_URL);
    const missingDatabase = new URL(`postgres://${server.username}:s3cret@${server.host}/tickler_no_such_database`);
    const shown = `postgres://${server.username}:***@${server.host}`;
    expect(await refusal({ DATABASE_URL: missingDatabase.href })).toBe(
      `tickler: cannot connect to PostgreSQL at DATABASE_URL ${shown}/tickler_no_such_database: database "tickler_no_such_database" does not exist; ` +
        'create that database (createdb) or correct its name in DATABASE_URL\n',
    );
    const missingUser = `postgres://tickler_no_such_role@${server.host}/test?password=s3cret`;
    const refused = await refusal({ DATABASE_URL: missingUser });
    expect(refused.startsWith(`tickler: cannot connect to PostgreSQL at DATABASE_URL postgres://tickler_no_such_role@${server.host}/test?password=***: `)).toBe(true);
    expect(refused).toMatch(/tickler_no_such_role[^;]*; check the user name and password in DATABASE_URL \(and the server's pg_hba\.conf\)\n$/);
  });

  it('a SQLite DATABASE_URL whose directory cannot be made', async () => {
    const notADirectory = path.join(dataDir(), 'a-file');
    writeFileSync(notADirectory, '');
    const file = path.join(notADirectory, 'data', 'tickler.db');
    const refused = await refusal({ DATABASE_URL: `file:${file}` });
    expect(refused.startsWith(`tickler: cannot open the SQLite database ${file} (DATABASE_URL, by default in DATA_DIR): ENOTDIR`)).toBe(true);
    expect(refused.endsWith('; check that its directory exists or can be created, and that this user may write to it\n')).toBe(true);
  });

  it.each(['sqlite', 'postgresql'] as const)('a REDIS_URL nobody answers at (database: %s)', async (provider) => {
    const database = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
    if (database) cleanups.push(() => database.drop());
    expect(await refusal({ REDIS_URL: 'redis://:s3cret@127.0.0.1:1', ...(database ? { DATABASE_URL: database.url } : {}) })).toBe(
      'tickler: cannot connect to Redis at REDIS_URL redis://:***@127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1; ' +
        'check that Redis runs at 127.0.0.1:1 and accepts connections from this host, or correct REDIS_URL (unset, one instance runs without Redis)\n',
    );
  });
});

describe('one `tickler serve` per SQLite data directory', () => {
  it('refuses a second one naming the first one\'s pid; token works beside it; the lock of a killed one is taken over', { timeout: 90_000 }, async () => {
    const dir = dataDir();
    const first = await serveTickler({ DATA_DIR: dir });
    cleanups.push(() => first.stop('SIGKILL').then(() => undefined));

    const second = await runTickler(['serve'], { DATA_DIR: dir, PORT: '0' });
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(
      `tickler: another tickler serve (pid ${first.child.pid}) already serves the SQLite data directory ${dir}: ` +
        'stop it first, or give this one its own DATA_DIR\n',
    );
    // The refused process did not get as far as the database: the first one still serves alone.
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    const token = await runTickler(['token', '--user', 'beside'], { DATA_DIR: dir });
    expect(token.code, token.stderr).toBe(0);
    const listed = await fetch(`${first.url}/tasks`, { headers: { authorization: `Bearer ${token.stdout.trim()}` } });
    expect(listed.status).toBe(200);

    // kill -9 leaves the pid file behind; the kernel has dropped the lock, so the next start takes over.
    expect(await first.stop('SIGKILL')).toBeNull();
    expect(readFileSync(path.join(dir, 'tickler.pid'), 'utf8').trim()).toBe(String(first.child.pid));
    const third = await serveTickler({ DATA_DIR: dir });
    cleanups.push(() => third.stop('SIGKILL').then(() => undefined));
    expect(readFileSync(path.join(dir, 'tickler.pid'), 'utf8').trim()).toBe(String(third.child.pid));
    // A clean stop removes the pid file.
    expect(await third.stop()).toBe(0);
    expect(existsSync(path.join(dir, 'tickler.pid'))).toBe(false);
  });
});
