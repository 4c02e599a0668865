import { describe, expect, it } from 'vitest';
import { job, MINUTE, useRepository } from './helpers/repository.js';

describe('SqliteJobRepository.saveJob', () => {
  const f = useRepository();

  describe('inserts, updates and upserts', () => {
    it('stores dates as epoch milliseconds and data as JSON text, and reads them back as they were', async () => {
      const nextRunAt = new Date('2030-01-02T03:04:05.678Z');
      const saved = await f.repo.saveJob(
        job({
          name: 'send-reminder',
          priority: 10,
          nextRunAt,
          data: { reminderId: 'r1', nested: { at: [1, 2] } },
          repeatInterval: 5000,
          startDate: new Date('2030-01-01T00:00:00Z'),
          skipDays: [0, 6],
        }),
        { lastModifiedBy: 'api' },
      );

      expect(saved._id).toMatch(/^\d+$/);
      const raw = f.temp
        .inspect()
        .prepare(
          `SELECT typeof(next_run_at) AS dateType, next_run_at, typeof(data) AS dataType, data,
                  typeof(repeat_interval) AS intervalType, last_modified_by
           FROM agenda_jobs WHERE id = ?`,
        )
        .get(Number(saved._id));
      expect(raw).toEqual({
        dateType: 'integer',
        next_run_at: nextRunAt.getTime(),
        dataType: 'text',
        data: '{"reminderId":"r1","nested":{"at":[1,2]}}',
        intervalType: 'real',
        last_modified_by: 'api',
      });

      const loaded = await f.repo.getJobById(saved._id!);
      expect(loaded).toMatchObject({
        name: 'send-reminder',
        priority: 10,
        nextRunAt,
        type: 'normal',
        data: { reminderId: 'r1', nested: { at: [1, 2] } },
        repeatInterval: 5000,
        startDate: new Date('2030-01-01T00:00:00Z'),
        skipDays: [0, 6],
        disabled: false,
      });
      expect(loaded?.lockedAt).toBeUndefined();
    });

    it('updates a saved job by id without touching the fields the job processor owns', async () => {
      const saved = await f.repo.saveJob(job({ name: 'update-me', data: { version: 1 } }), undefined);
      await f.repo.saveJobState({ ...saved, failCount: 2, failReason: 'boom', failedAt: new Date() }, undefined);

      const updated = await f.repo.saveJob({ ...saved, priority: 20, data: { version: 2 } }, undefined);

      expect(updated._id).toBe(saved._id);
      expect(updated).toMatchObject({ priority: 20, data: { version: 2 }, failCount: 2, failReason: 'boom' });
    });

    it('returns the caller’s job unchanged when saving by id a job that was removed meanwhile', async () => {
      const saved = await f.repo.saveJob(job({ name: 'gone' }), undefined);
      await f.repo.removeJobs({ id: saved._id });

      const result = await f.repo.saveJob({ ...saved, priority: 5 }, undefined);

      expect(result).toEqual({ ...saved, priority: 5 });
      expect(await f.repo.getJobById(saved._id!)).toBeNull();
    });

    it('keeps one row per name for single jobs and keeps a run that is already scheduled', async () => {
      const scheduled = new Date(Date.now() + 30 * MINUTE);
      const first = await f.repo.saveJob(job({ name: 'digest', type: 'single', nextRunAt: scheduled, data: { v: 1 } }), undefined);

      // every() at the next boot asks for "now"; the slot already booked must win.
      const again = await f.repo.saveJob(job({ name: 'digest', type: 'single', nextRunAt: new Date(), data: { v: 2 } }), undefined);
      expect(again._id).toBe(first._id);
      expect(again.nextRunAt).toEqual(scheduled);
      expect(again.data).toEqual({ v: 2 });

      // A later time asked explicitly replaces it.
      const later = new Date(Date.now() + 60 * MINUTE);
      const moved = await f.repo.saveJob(job({ name: 'digest', type: 'single', nextRunAt: later }), undefined);
      expect(moved.nextRunAt).toEqual(later);
      expect((await f.repo.queryJobs({ name: 'digest' })).total).toBe(1);
    });

    it('keeps a disabled single job disabled when it is declared again without a disabled flag', async () => {
      await f.repo.saveJob(job({ name: 'digest', type: 'single' }), undefined);
      await f.repo.disableJobs({ name: 'digest' });

      const redeclared = await f.repo.saveJob(job({ name: 'digest', type: 'single' }), undefined);

      expect(redeclared.disabled).toBe(true);
    });

    it('upserts on unique() keys inside data, and insertOnly leaves the existing job as it is', async () => {
      const first = await f.repo.saveJob(
        job({ name: 'remind', data: { reminderId: 7, text: 'a' }, unique: { 'data.reminderId': 7 } }),
        undefined,
      );
      const second = await f.repo.saveJob(
        job({ name: 'remind', data: { reminderId: 7, text: 'b' }, unique: { 'data.reminderId': 7 } }),
        undefined,
      );
      const kept = await f.repo.saveJob(
        job({
          name: 'remind',
          data: { reminderId: 7, text: 'c' },
          unique: { 'data.reminderId': 7 },
          uniqueOpts: { insertOnly: true },
        }),
        undefined,
      );
      const other = await f.repo.saveJob(
        job({ name: 'remind', data: { reminderId: 8, text: 'x' }, unique: { 'data.reminderId': 8 } }),
        undefined,
      );

      expect(second._id).toBe(first._id);
      expect(second.data).toEqual({ reminderId: 7, text: 'b' });
      expect(kept).toMatchObject({ _id: first._id, data: { reminderId: 7, text: 'b' } });
      expect(other._id).not.toBe(first._id);
      expect((await f.repo.queryJobs({ name: 'remind' })).total).toBe(2);
    });

    it('treats unique values by type: the string "7" is not the number 7', async () => {
      await f.repo.saveJob(job({ name: 'remind', data: { id: 7 }, unique: { 'data.id': 7 } }), undefined);
      await f.repo.saveJob(job({ name: 'remind', data: { id: '7' }, unique: { 'data.id': '7' } }), undefined);

      expect((await f.repo.queryJobs({ name: 'remind' })).total).toBe(2);
    });

    it('rejects unique() keys it cannot turn into SQL safely', async () => {
      await expect(
        f.repo.saveJob(job({ name: 'remind', unique: { "data.a'); DROP TABLE agenda_jobs; --": 1 } }), undefined),
      ).rejects.toThrow(/Unsupported unique\(\) key/);
      await expect(f.repo.saveJob(job({ name: 'remind', unique: { lockedAt: 1 } }), undefined)).rejects.toThrow(
        /Unsupported unique\(\) key/,
      );
    });
  });

  describe('debounced saves', () => {
    const unique = { 'data.key': 'k' };

    it('trailing: each save pushes the run back by the delay and one job remains', async () => {
      const first = await f.repo.saveJob(
        job({ name: 'reindex', data: { key: 'k', n: 1 }, unique, uniqueOpts: { debounce: { delay: 1000 } } }),
        undefined,
      );
      const second = await f.repo.saveJob(
        job({ name: 'reindex', data: { key: 'k', n: 2 }, unique, uniqueOpts: { debounce: { delay: 5000 } } }),
        undefined,
      );

      expect(first.nextRunAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 900);
      expect(second._id).toBe(first._id);
      expect(second.nextRunAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 4900);
      expect(second.debounceStartedAt).toEqual(first.debounceStartedAt);
      expect(second.data).toEqual({ key: 'k', n: 2 });
    });

    it('trailing with maxWait: once the window is older than maxWait the job is due now', async () => {
      const options = { debounce: { delay: 10_000, maxWait: 1 } };
      await f.repo.saveJob(job({ name: 'reindex', data: { key: 'k' }, unique, uniqueOpts: options }), undefined);
      await new Promise((resolve) => setTimeout(resolve, 5));

      const forced = await f.repo.saveJob(job({ name: 'reindex', data: { key: 'k' }, unique, uniqueOpts: options }), undefined);

      expect(forced.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
    });

    it('leading: the first save runs now and later saves in the window keep that time', async () => {
      const options = { debounce: { delay: 60_000, strategy: 'leading' as const } };
      const first = await f.repo.saveJob(job({ name: 'notify', data: { key: 'k', n: 1 }, unique, uniqueOpts: options }), undefined);
      const second = await f.repo.saveJob(
        job({ name: 'notify', nextRunAt: new Date(Date.now() + 999_999), data: { key: 'k', n: 2 }, unique, uniqueOpts: options }),
        undefined,
      );

      expect(first.nextRunAt!.getTime()).toBeLessThanOrEqual(Date.now());
      expect(second.nextRunAt).toEqual(first.nextRunAt);
      expect(second.data).toEqual({ key: 'k', n: 2 });
    });
  });
});
