import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serveTickler, TICKLER_BIN } from '../support/cli.js';
import { waitUntil } from '../webhooks/support/receiver.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickler-banner-'));
  dirs.push(dir);
  return dir;
}

/**
 * Runs `tickler serve` on a pseudo-terminal (util-linux `script`), as a person in a terminal would,
 * until it has said it listens; returns everything it wrote.
 */
function serveOnTerminal(env: Record<string, string>): Promise<string> {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(TICKLER_BIN)} serve`;
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, PORT: '0', REDIS_URL: '', DATABASE_URL: '', AUTH_ISSUER: '', LOG_FORMAT: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no start within 30 s:\n${output}`));
    }, 30_000);
    const check = () => {
      // The banner follows the "listening" log line; give it a moment to arrive, then stop.
      if (!output.includes('tickler is listening')) return;
      setTimeout(() => {
        clearTimeout(timer);
        child.kill('SIGTERM');
      }, 500);
    };
    child.stdout.on('data', (chunk) => {
      output += chunk;
      check();
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', () => resolve(output.replace(/\r/g, '')));
  });
}

describe('what `tickler serve` prints first', () => {
  it('on a terminal: where it listens, the data directory and the next step, then the JSON logs', async () => {
    const dir = dataDir();
    const output = await serveOnTerminal({ DATA_DIR: dir });
    const banner = /Tickler is running at (http:\/\/127\.0\.0\.1:\d+)\n {2}data: +(.+) \(SQLite\)\n {2}next: +npx tickler login --user you .*\n +npx tickler token --user you/.exec(output);
    expect(banner, output).not.toBeNull();
    expect(banner?.[2]).toBe(dir);
    const listening = output.split('\n').find((line) => line.includes('tickler is listening'));
    expect(JSON.parse(listening ?? '{}').url).toBe(banner?.[1]);
  }, 40_000);

  it('on a terminal with LOG_FORMAT=json: JSON lines only', async () => {
    const output = await serveOnTerminal({ DATA_DIR: dataDir(), LOG_FORMAT: 'json' });
    expect(output).toContain('tickler is listening');
    expect(output).not.toContain('Tickler is running at');
  }, 40_000);

  it('not on a terminal (a pipe, a log collector): every line is JSON', async () => {
    const server = await serveTickler({ DATA_DIR: dataDir() });
    // A request's log line too, then the shutdown's: every kind of line the service writes.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    await waitUntil(() => server.output().includes('"route":"/readyz"'), 'the request line of /readyz');
    await server.stop();
    const lines = server.output().split('\n').filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
  }, 40_000);

  it('refuses an unknown LOG_FORMAT with one line naming the variable', async () => {
    const output = await serveOnTerminal({ DATA_DIR: dataDir(), LOG_FORMAT: 'yaml' });
    expect(output).toContain('LOG_FORMAT must be one of auto, json, pretty, got "yaml"');
  }, 40_000);
});
