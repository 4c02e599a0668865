import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/auth/secret-token.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { runTickler } from '../support/cli.js';

const CODE = '[A-Za-z0-9_-]{43}';

describe('`tickler login` and `tickler logout` on the command line', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let database: Database | undefined;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-login-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const codeRow = async (code: string) => {
    database ??= await openDatabase({ provider: 'sqlite', url: `file:${path.join(dataDir, 'tickler.db')}` });
    return database.db.loginCode.findUniqueOrThrow({ where: { codeHash: hashSecret(code) } });
  };

  it('prints exactly one line, the link under PUBLIC_URL, and stores the code hashed for 10 minutes', { timeout: 60_000 }, async () => {
    const before = Date.now();
    const result = await runTickler(['login', '--user', 'alice'], { ...env, PUBLIC_URL: 'https://tickler.example.com/' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^https://tickler\\.example\\.com/login#code=${CODE}\\n$`));
    const row = await codeRow(result.stdout.trim().split('#code=')[1]!);
    expect(row.userId).toBe('alice');
    expect(row.usedAt).toBeNull();
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('without PUBLIC_URL the link points at the listen address, loopback for a wildcard host; --ttl sets the lifetime', { timeout: 60_000 }, async () => {
    const result = await runTickler(['login', '--user', 'bob', '--ttl', '1h'], { ...env, HOST: '0.0.0.0', PORT: '8123' });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:8123/login#code=${CODE}\\n$`));
    const row = await codeRow(result.stdout.trim().split('#code=')[1]!);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(3_600_000);
  });

  it.each([
    [['login'], {}, 2, /login needs --user/],
    [['login', '--user', 'a', '--ttl', '2d'], {}, 2, /--ttl must look like/],
    [['login', '--user', 'a'], { AUTH_ISSUER: 'https://id.example.com', AUTH_AUDIENCE: 'x' }, 2, /AUTH_ISSUER is set/],
    [['logout'], {}, 2, /logout needs --user/],
  ])('`tickler %s` with %o exits %i, says why on stderr and prints nothing', { timeout: 60_000 }, async (args, extra, code, message) => {
    const result = await runTickler(args, { ...env, ...extra });
    expect(result.code).toBe(code);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});
