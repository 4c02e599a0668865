import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTickler, serveTickler, type ServeProcess } from '../support/cli.js';
import { createPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.js';
import { PROVIDERS } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';

describe.each(PROVIDERS)('a newcomer runs `tickler serve`, gets a token, calls the API (%s)', (provider) => {
  let dataDir: string;
  let postgres: TestPostgresDatabase | undefined;
  let server: ServeProcess;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-cli-'));
    postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
    env = { DATA_DIR: dataDir, ...(postgres ? { DATABASE_URL: postgres.url } : {}) };
    server = await serveTickler(env);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates, lists and completes a task with a token from `tickler token`', async () => {
    const result = await runTickler(['token', '--user', 'newcomer', '--ttl', '10m'], env);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    const auth = { authorization: `Bearer ${result.stdout.trim()}` };

    const created = await fetch(`${server.url}/tasks`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Try Tickler', dueAt: '2026-11-22T09:30:00Z' }),
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: number };
    const listed = await fetch(`${server.url}/tasks?limit=10`, { headers: auth });
    expect(await listed.json()).toEqual([
      {
        id: task.id, title: 'Try Tickler', description: '', dueAt: '2026-11-22T09:30:00.000Z', priority: 'low', status: 'pending',
        remindBefore: null, recurrence: null, recurrenceText: null,
        listId: expect.any(Number), labels: [], assigneeId: null, createdBy: 'newcomer', reminders: [],
      },
    ]);
    expect((await fetch(`${server.url}/tasks/${task.id}`, { method: 'DELETE', headers: auth })).status).toBe(204);
    expect(await (await fetch(`${server.url}/tasks`, { headers: auth })).json()).toEqual([]);
  });

  it('logs JSON lines with a request id and never the token', async () => {
    const token = (await runTickler(['token', '--user', 'logged'], env)).stdout.trim();
    await fetch(`${server.url}/tasks`, { headers: { authorization: `Bearer ${token}`, 'x-request-id': 'trace-me-42' } });
    const lines = () => server.output().split('\n').filter((line) => line.startsWith('{'));
    await waitUntil(() => lines().some((line) => JSON.parse(line).reqId === 'trace-me-42'), 'the request line with its request id');
    expect(server.output()).not.toContain(token);
    expect(server.output()).not.toContain(token.split('.')[2]);
  });

  it('a token from a different DATA_DIR is refused', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'tickler-cli-other-'));
    try {
      const foreign = (await runTickler(['token', '--user', 'newcomer'], { ...env, DATA_DIR: otherDir })).stdout.trim();
      const response = await fetch(`${server.url}/tasks`, { headers: { authorization: `Bearer ${foreign}` } });
      expect(response.status).toBe(401);
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe('tickler CLI errors', () => {
  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ AUTH_ISSUER: 'https://id.example' }, 'AUTH_AUDIENCE'],
    [{ AUTH_ISSUER: 'not a url', AUTH_AUDIENCE: 'x' }, 'AUTH_ISSUER'],
    [{ AUTH_JWKS_URL: 'https://id.example/jwks' }, 'AUTH_JWKS_URL'],
  ])('stops start-up on %o with one line naming %s', async (bad, variable) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-cfg-'));
    try {
      const result = await runTickler(['serve'], { DATA_DIR: dataDir, ...bad });
      expect(result.code).not.toBe(0);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(variable);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('refuses `token` without --user, with a bad --ttl, and in OIDC mode', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-cfg-'));
    try {
      for (const args of [['token'], ['token', '--user', 'a', '--ttl', 'forever']]) {
        const result = await runTickler(args, { DATA_DIR: dataDir });
        expect(result.code).toBe(2);
        expect(result.stdout).toBe('');
      }
      const oidc = await runTickler(['token', '--user', 'a'], {
        DATA_DIR: dataDir,
        AUTH_ISSUER: 'https://id.example',
        AUTH_AUDIENCE: 'api',
      });
      expect(oidc.code).toBe(2);
      expect(oidc.stderr).toContain('AUTH_ISSUER');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
