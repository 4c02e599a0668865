import { closeSync, openSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { CreateTaskMutation } from '../graphql/documents.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { mountTmpfs, requirePrivilege, skipWithoutPrivilege, whyCannotMount } from '../support/privileged-tests.js';
import { jsonRequest, startTestService } from '../support/test-service.js';
import { readiness, startWriteLoad } from '../support/write-load.js';
import { waitUntil } from '../webhooks/support/receiver.js';

const cannotMount = whyCannotMount();

/** Writes zeros until the file system refuses (ENOSPC); the file is what to delete to free the space. */
function fillUp(dir: string): string {
  const file = path.join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) writeSync(fd, chunk.subarray(0, chunk.length));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
    // The last few KiB, in smaller pieces.
    try {
      for (;;) writeSync(fd, chunk.subarray(0, 512));
    } catch {
      // full
    }
  } finally {
    closeSync(fd);
  }
  return file;
}

describe('SQLite storage failures', () => {
  const cleanups = cleanupsAfterEach();

  it.skipIf(skipWithoutPrivilege(cannotMount))(
    'answers writes 503 while the disk is full, /readyz follows, and recovers once space is freed, losing nothing acknowledged',
    async () => {
      requirePrivilege(cannotMount);
      const fs = mountTmpfs(8);
      cleanups.push(() => fs.unmount());
      const service = await startTestService('sqlite', { dataDir: fs.dir, env: { RATE_LIMIT_USER: '0' } });
      cleanups.push(() => service.close());
      expect(await readiness(service)).toBe(200);

      const load = startWriteLoad(service, 'load-user');
      cleanups.push(() => load.stop());
      await waitUntil(() => load.acknowledged.length >= 5, 'acknowledged writes before the disk fills', 30_000);

      const filler = fillUp(fs.dir);
      await waitUntil(async () => (await readiness(service)) === 503, '/readyz to report the full disk', 30_000);
      await waitUntil(() => load.unavailable() >= 3, 'writes answered 503 while the disk is full', 60_000);
      let graphql;
      for (let i = 0; i < 20; i += 1) {
        graphql = await graphqlRequest(service, 'load-user', CreateTaskMutation, { input: { title: 'on a full disk' } });
        if (graphql.status !== 200) break;
      }
      expect(graphql!.status).toBe(503);
      expect(Number(graphql!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(graphql!.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');

      unlinkSync(filler);
      await waitUntil(async () => (await readiness(service)) === 200, '/readyz to recover', 30_000);
      const before = load.acknowledged.length;
      await waitUntil(() => load.acknowledged.length >= before + 5, 'acknowledged writes after space was freed', 30_000);
      await load.stop();

      expect(load.unexpected).toEqual([]);
      const stored = new Set(
        (await service.database.db.task.findMany({ where: { userId: 'load-user' }, select: { id: true } })).map((task) => String(task.id)),
      );
      expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    },
    180_000,
  );

  it('answers 503 while another process holds the write lock past SQLITE_BUSY_TIMEOUT, and serves again once it lets go', async () => {
    const service = await startTestService('sqlite', { env: { SQLITE_BUSY_TIMEOUT: '300ms' } });
    cleanups.push(() => service.close());
    expect((await service.request('busy-user', '/tasks', jsonRequest('POST', { title: 'before' }))).status).toBe(201);
    const other = new BetterSqlite3(sqliteFilePath(service.databaseUrl));
    cleanups.push(() => void other.close());
    other.exec('BEGIN IMMEDIATE');
    try {
      const refused = await service.request('busy-user', '/tasks', jsonRequest('POST', { title: 'while locked' }));
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('5');
      expect(await refused.json()).toEqual({ error: 503, message: expect.stringMatching(/temporarily unavailable/) });
      // A readiness answer is reused for a second: wait for one probed while the lock is held.
      await waitUntil(async () => (await readiness(service)) === 503, '/readyz to report the held lock');
    } finally {
      other.exec('ROLLBACK');
    }
    expect((await service.request('busy-user', '/tasks', jsonRequest('POST', { title: 'after' }))).status).toBe(201);
    await waitUntil(async () => (await readiness(service)) === 200, '/readyz to recover once the lock is let go');
    const titles = (await service.database.db.task.findMany({ where: { userId: 'busy-user' } })).map((task) => task.title);
    expect(titles.sort()).toEqual(['after', 'before']);
  });
});

