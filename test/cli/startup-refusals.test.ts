import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { runTickler, serveTickler } from '../support/cli.js';

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
