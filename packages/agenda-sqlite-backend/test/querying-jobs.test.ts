import Database from 'better-sqlite3';
import { beforeEach, describe, expect, it } from 'vitest';
import { SqliteBackend } from '../src/index.js';
import { job, MINUTE, useRepository } from './helpers/repository.js';
import { createTempDatabase } from './helpers/temp-database.js';

describe('SqliteJobRepository querying and managing jobs', () => {
  const f = useRepository();

  describe('removing, disabling and enabling', () => {
    beforeEach(async () => {
      await f.repo.saveJob(job({ name: 'a', data: { userId: 1, kind: 'mail' } }), undefined);
      await f.repo.saveJob(job({ name: 'a', data: { userId: 2, kind: 'mail' } }), undefined);
      await f.repo.saveJob(job({ name: 'b', data: { userId: 1, kind: 'push' } }), undefined);
      await f.repo.saveJob(job({ name: 'c', data: null }), undefined);
    });

    it('removes by name, names, notNames, ids and partial data, and nothing without criteria', async () => {
      expect(await f.repo.removeJobs({})).toBe(0);
      expect(await f.repo.removeJobs({ id: 'not-an-id' })).toBe(0);
      expect(await f.repo.removeJobs({ data: { userId: 1 } })).toBe(2);
      expect(await f.repo.removeJobs({ notNames: ['c'] })).toBe(1);
      const [c] = (await f.repo.queryJobs({ name: 'c' })).jobs;
      expect(await f.repo.removeJobs({ ids: [c!._id] })).toBe(1);
      expect(await f.repo.getDistinctJobNames()).toEqual([]);
    });

    it('disables and enables matching jobs, and purgeAllJobs empties the table', async () => {
      expect(await f.repo.disableJobs({ names: ['a', 'b'], data: { kind: 'mail' } })).toBe(2);
      expect((await f.repo.queryJobs({ includeDisabled: false })).total).toBe(2);
      expect(await f.repo.enableJobs({ name: 'a' })).toBe(2);
      expect((await f.repo.queryJobs({ includeDisabled: false })).total).toBe(4);
      expect(await f.repo.purgeAllJobs()).toBe(4);
    });
  });

  describe('queries and statistics', () => {
    it('filters by name, search, data and state, and pages after filtering', async () => {
      const past = new Date(Date.now() - MINUTE);
      await f.repo.saveJob(job({ name: 'send-Reminder', nextRunAt: past, data: { user: { id: 1 } } }), undefined);
      await f.repo.saveJob(job({ name: 'send-reminder', nextRunAt: new Date(Date.now() + MINUTE), data: { user: { id: 2 } } }), undefined);
      await f.repo.saveJob(job({ name: 'cleanup_100%', nextRunAt: past, repeatInterval: '1 hour' }), undefined);

      expect((await f.repo.queryJobs({ search: 'REMINDER' })).total).toBe(2);
      expect((await f.repo.queryJobs({ search: '100%' })).total).toBe(1);
      expect((await f.repo.queryJobs({ search: 'd_r' })).total).toBe(0);
      expect((await f.repo.queryJobs({ data: { user: { id: 2 } } })).jobs.map((j) => j.name)).toEqual(['send-reminder']);
      expect((await f.repo.queryJobs({ state: 'queued' })).jobs.map((j) => j.name)).toEqual(['send-Reminder']);
      expect((await f.repo.queryJobs({ state: 'repeating' })).jobs.map((j) => j.name)).toEqual(['cleanup_100%']);

      const page = await f.repo.queryJobs({ sort: { name: 'asc' }, skip: 1, limit: 1 });
      expect(page.total).toBe(3);
      expect(page.jobs.map((j) => j.name)).toEqual(['send-Reminder']);
      expect(page.jobs[0]?.state).toBe('queued');
    });

    it('reports an overview per name, the queue size and the distinct names', async () => {
      const past = new Date(Date.now() - MINUTE);
      await f.repo.saveJob(job({ name: 'a', nextRunAt: past }), undefined);
      await f.repo.saveJob(job({ name: 'a', nextRunAt: new Date(Date.now() + MINUTE), disabled: true }), undefined);
      await f.repo.saveJob(job({ name: 'b', nextRunAt: past }), undefined);
      await f.claim('b');

      expect(await f.repo.getJobsOverview()).toEqual([
        { name: 'a', total: 2, running: 0, scheduled: 1, queued: 1, completed: 0, failed: 0, repeating: 0, paused: 1 },
        { name: 'b', total: 1, running: 1, scheduled: 0, queued: 0, completed: 0, failed: 0, repeating: 0, paused: 0 },
      ]);
      expect(await f.repo.getQueueSize()).toBe(2);
      expect(await f.repo.getDistinctJobNames()).toEqual(['a', 'b']);
      expect(await f.repo.getJobById('nope')).toBeNull();
    });
  });

  describe('connection and schema options', () => {
    it('uses a custom table name, and refuses names that are not plain identifiers', async () => {
      const custom = new SqliteBackend({ filename: f.temp.filename, tableName: 'tickler_jobs' });
      await custom.connect();
      await custom.repository.saveJob(job({ name: 'x' }), undefined);
      await custom.disconnect();

      expect(f.temp.inspect().prepare('SELECT COUNT(*) AS n FROM tickler_jobs').get()).toEqual({ n: 1 });
      expect(() => new SqliteBackend({ filename: f.temp.filename, tableName: 'jobs; DROP' })).toThrow(/Invalid SQLite table name/);
    });

    it('creates no table when ensureSchema is false', async () => {
      const other = createTempDatabase();
      const bare = new SqliteBackend({ filename: other.filename, ensureSchema: false });
      await bare.connect();

      const tables = other.inspect().prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all();
      await bare.disconnect();
      other.remove();
      expect(tables).toEqual([]);
    });

    it('opens its own file in WAL mode with a busy timeout, and leaves a passed-in connection open', async () => {
      expect(f.backend.ownsConnection).toBe(true);
      expect(f.temp.inspect().pragma('journal_mode', { simple: true })).toBe('wal');
      expect(f.backend.database.pragma('busy_timeout', { simple: true })).toBe(5000);

      const shared = new Database(f.temp.filename);
      const borrowed = new SqliteBackend({ database: shared });
      await borrowed.connect();
      await borrowed.repository.saveJob(job({ name: 'x' }), undefined);
      await borrowed.disconnect();

      expect(borrowed.ownsConnection).toBe(false);
      expect(shared.open).toBe(true);
      shared.close();
    });
  });
});
