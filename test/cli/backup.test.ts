import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTickler, serveTickler, type ServeProcess } from '../support/cli.js';

describe('tickler backup', () => {
  let root: string;
  const running: ServeProcess[] = [];

  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'tickler-backup-'));
  });
  afterAll(async () => {
    for (const service of running) await service.stop('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('copies the database while the service takes writes, and the restored copy holds every task acknowledged before it', async () => {
    const dataDir = path.join(root, 'live');
    const service = await serveTickler({ DATA_DIR: dataDir });
    running.push(service);
    const token = (await runTickler(['token', '--user', 'alice'], { DATA_DIR: dataDir })).stdout.trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Two clients create tasks one after another (bounded: at most 80 each) until told to stop.
    const acknowledged: number[] = [];
    let stopped = false;
    const client = async (n: number) => {
      for (let i = 0; i < 80 && !stopped; i += 1) {
        const response = await fetch(`${service.url}/tasks`, { method: 'POST', headers, body: JSON.stringify({ title: `load ${n}-${i}` }) });
        expect(response.status).toBe(201);
        acknowledged.push(((await response.json()) as { id: number }).id);
      }
    };
    const load = Promise.all([client(0), client(1)]);
    while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = [...acknowledged];
    const out = path.join(root, 'tickler-backup.db');
    const result = await runTickler(['backup', '--out', out], { DATA_DIR: dataDir });
    const writtenDuringBackup = acknowledged.length - before.length;
    stopped = true;
    await load;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(out);
    expect(existsSync(`${out}.partial`)).toBe(false);
    // The copy was taken under load: the service acknowledged writes while the command ran.
    expect(writtenDuringBackup).toBeGreaterThan(0);

    const copy = new BetterSqlite3(out, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      copy.close();
    }

    // Restore as the guide says: the copy becomes tickler.db of a data directory with the same keys.
    const restoredDir = path.join(root, 'restored');
    mkdirSync(restoredDir);
    cpSync(out, path.join(restoredDir, 'tickler.db'));
    cpSync(path.join(dataDir, 'keys'), path.join(restoredDir, 'keys'), { recursive: true });
    const restored = await serveTickler({ DATA_DIR: restoredDir });
    running.push(restored);
    const listed = await fetch(`${restored.url}/tasks?limit=200`, { headers });
    expect(listed.status).toBe(200);
    const ids = new Set(((await listed.json()) as { id: number }[]).map((task) => task.id));
    expect(before.filter((id) => !ids.has(id))).toEqual([]);
    // Nothing in the copy that the service never acknowledged (at most the one create in flight per client).
    expect(ids.size).toBeLessThanOrEqual(acknowledged.length + 2);
  });

  it('refuses PostgreSQL with a pointer to pg_dump, and a missing --out with usage', async () => {
    const postgres = await runTickler(['backup', '--out', path.join(root, 'x.db')], {
      DATA_DIR: root,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none',
    });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toMatch(/pg_dump/);
    expect(existsSync(path.join(root, 'x.db'))).toBe(false);

    const usage = await runTickler(['backup'], { DATA_DIR: root });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('backup needs --out <file>');
  });

  it('fails with the path when there is no database to copy', async () => {
    const empty = mkdtempSync(path.join(root, 'empty-'));
    const result = await runTickler(['backup', '--out', path.join(empty, 'copy.db')], { DATA_DIR: empty });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(path.join(empty, 'tickler.db'));
  });
});
