import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runTickler, serveTickler } from '../support/cli.js';

const PACKAGE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const COMMANDS = ['serve', 'token', 'migrate', 'login', 'logout', 'backup'];

/** A port nothing listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (typeof address !== 'object' || !address) throw new Error('no port');
  return address.port;
}

describe('tickler --help, --version and usage errors', () => {
  it('--help prints the usage of every command on stdout and exits 0', async () => {
    const result = await runTickler(['--help'], {});
    expect(result.code, result.stderr).toBe(0);
    for (const command of COMMANDS) expect(result.stdout).toMatch(new RegExp(`^ {2}${command}\\b`, 'm'));
    expect(result.stderr).toBe('');
  });

  it('<command> --help prints that command\'s usage and runs nothing', async () => {
    // Without --help, `token` with no --user is a usage error; with it, the usage line and 0.
    const result = await runTickler(['token', '--help'], {});
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^usage: tickler token --user <id> \[--ttl 1h\]/);
    expect(result.stdout.split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('--version prints the version from package.json', async () => {
    const result = await runTickler(['--version'], {});
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`tickler ${PACKAGE_VERSION}\n`);
  });

  it.each([
    [['launch'], /^tickler: unknown command "launch"\n/],
    [['--bogus'], /^tickler: unknown flag --bogus\n/],
    [['token', '--user', 'ann', '--bogus'], /^tickler: token: Unknown option '--bogus'/],
    [['serve', 'now'], /^tickler: serve: Unexpected argument 'now'/],
    [['migrate', '--force'], /^tickler: migrate: Unknown option '--force'/],
    [['logout', '--user'], /^tickler: logout: Option '--user <value>' argument missing/],
  ])('%j prints the problem and the usage on stderr and exits 2', async (args, problem) => {
    const result = await runTickler(args, {});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(problem);
    expect(result.stderr).toContain('usage: tickler <command>');
    expect(result.stdout).toBe('');
  });
});

describe('tickler serve --port and --host', () => {
  it('take the place of PORT and HOST', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dataDir = mkdtempSync(`${tmpdir()}/tickler-flags-`);
    try {
      // The environment alone would listen on every interface on a port nobody may take.
      const server = await serveTickler({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '1' }, 30_000, ['--port', String(port), '--host', '127.0.0.1']);
      try {
        expect(server.url).toBe(`http://127.0.0.1:${port}`);
        // The start line says where, which database kind and which auth mode.
        const listening = server.output().split('\n').find((line) => line.includes('tickler is listening'));
        expect(JSON.parse(listening!)).toMatchObject({ url: server.url, database: 'sqlite', authMode: 'local' });
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('a bad --port is refused with one line naming the flag', async () => {
    const result = await runTickler(['serve', '--port', 'eighty'], {});
    expect(result.code).toBe(78);
    expect(result.stderr).toBe('tickler: configuration error: --port must be an integer from 0 to 65535, got "eighty"\n');
  });
});
