import { describe, expect, it } from 'vitest';
import { job, MINUTE, useRepository } from './helpers/repository.js';

describe('SqliteJobRepository claiming jobs', () => {
  const f = useRepository();

  describe('claiming the next job', () => {
    it('claims by nextRunAt first, then by priority, and records who locked it and when', async () => {
      const base = Date.now() - MINUTE;
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(base + 2), priority: 100, data: 'third' }), undefined);
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(base), priority: 0, data: 'second' }), undefined);
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(base), priority: 10, data: 'first' }), undefined);
      await f.repo.saveJob(job({ name: 'other', nextRunAt: new Date(base - MINUTE), data: 'other name' }), undefined);

      const now = new Date();
      const claimed = [await f.claim('work', now), await f.claim('work', now), await f.claim('work', now)];

      expect(claimed.map((j) => j?.data)).toEqual(['first', 'second', 'third']);
      expect(claimed[0]?.lockedAt).toEqual(now);
      expect(claimed[0]?.lastModifiedBy).toBe('test-worker');
      expect(await f.claim('work')).toBeUndefined();
    });

    it('skips locked and disabled jobs and jobs due after the next scan', async () => {
      await f.repo.saveJob(job({ name: 'work', disabled: true, nextRunAt: new Date(Date.now() - MINUTE) }), undefined);
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() + MINUTE) }), undefined);
      const soon = await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() + 2000) }), undefined);

      const first = await f.claim('work');
      const second = await f.claim('work');

      expect(first?._id).toBe(soon._id); // due within the 5 s scan window
      expect(second).toBeUndefined();
    });

    it('re-claims a job whose lock is older than the lock lifetime, but not a fresh lock', async () => {
      const saved = await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 20 * MINUTE) }), undefined);
      const crashedAt = new Date(Date.now() - 11 * MINUTE);
      expect((await f.claim('work', crashedAt))?._id).toBe(saved._id);

      const reclaimed = await f.claim('work');
      const again = await f.claim('work');

      expect(reclaimed?._id).toBe(saved._id);
      expect(reclaimed!.lockedAt!.getTime()).toBeGreaterThan(crashedAt.getTime());
      expect(again).toBeUndefined();
    });

    it('re-claims a started one-off job (nextRunAt already cleared) whose worker died', async () => {
      const saved = await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 20 * MINUTE) }), undefined);
      const claimed = await f.claim('work', new Date(Date.now() - 11 * MINUTE));
      await f.repo.saveJobState({ ...claimed!, nextRunAt: null, lastRunAt: new Date() }, undefined);

      expect((await f.claim('work'))?._id).toBe(saved._id);
    });

    it('does not hand a disabled job out even when its lock expired', async () => {
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 20 * MINUTE) }), undefined);
      expect(await f.claim('work', new Date(Date.now() - 11 * MINUTE))).toBeDefined();
      await f.repo.disableJobs({ name: 'work' });

      expect(await f.claim('work')).toBeUndefined();
    });
  });

  describe('locking and unlocking', () => {
    it('locks a job once; a second lock attempt on the same version fails', async () => {
      const saved = await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 1000) }), undefined);

      const locked = await f.repo.lockJob(saved, undefined);
      const lockedTwice = await f.repo.lockJob(saved, undefined);

      expect(locked?.lockedAt).toBeInstanceOf(Date);
      expect(lockedTwice).toBeUndefined();
    });

    it('does not lock a job that was rescheduled since the caller read it, nor a disabled one', async () => {
      const saved = await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 1000) }), undefined);
      const disabled = await f.repo.saveJob(job({ name: 'work', disabled: true }), undefined);
      await f.repo.saveJob({ ...saved, nextRunAt: new Date(Date.now() + MINUTE) }, undefined);

      expect(await f.repo.lockJob(saved, undefined)).toBeUndefined();
      expect(await f.repo.lockJob(disabled, undefined)).toBeUndefined();
    });

    it('unlockJob releases a claimed job but not one whose run already started (nextRunAt null)', async () => {
      await f.repo.saveJob(job({ name: 'a', nextRunAt: new Date(Date.now() - 1000) }), undefined);
      await f.repo.saveJob(job({ name: 'b', nextRunAt: new Date(Date.now() - 1000) }), undefined);
      const a = await f.claim('a');
      const b = await f.claim('b');
      await f.repo.saveJobState({ ...b!, nextRunAt: null }, undefined);

      await f.repo.unlockJob(a!);
      await f.repo.unlockJob(b!);

      expect((await f.repo.getJobById(a!._id!))?.lockedAt).toBeUndefined();
      expect((await f.repo.getJobById(b!._id!))?.lockedAt).toBeInstanceOf(Date);
    });

    it('unlockJobs releases every listed job', async () => {
      const ids = [];
      for (let i = 0; i < 3; i += 1) {
        await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 1000) }), undefined);
        ids.push((await f.claim('work'))!._id!);
      }

      await f.repo.unlockJobs([ids[0]!, ids[1]!]);

      const locked = (await f.repo.queryJobs({ name: 'work', sort: { priority: 'asc' } })).jobs.map((j) => j.lockedAt !== undefined);
      expect(locked).toEqual([false, false, true]);
    });
  });

  describe('job state', () => {
    it('saveJobState writes run bookkeeping and clears the lock', async () => {
      await f.repo.saveJob(job({ name: 'work', nextRunAt: new Date(Date.now() - 1000) }), undefined);
      const claimed = await f.claim('work');
      const finishedAt = new Date();

      await f.repo.saveJobState(
        { ...claimed!, lockedAt: undefined, lastRunAt: finishedAt, lastFinishedAt: finishedAt, failCount: 1, failReason: 'x', failedAt: finishedAt, progress: 50 },
        undefined,
      );

      expect(await f.repo.getJobById(claimed!._id!)).toMatchObject({
        lockedAt: undefined,
        lastRunAt: finishedAt,
        lastFinishedAt: finishedAt,
        failCount: 1,
        failReason: 'x',
        failedAt: finishedAt,
        progress: 50,
      });
    });

    it('saveJobState fails loudly for a job that no longer exists', async () => {
      const saved = await f.repo.saveJob(job({ name: 'work' }), undefined);
      await f.repo.purgeAllJobs();

      await expect(f.repo.saveJobState(saved, undefined)).rejects.toThrow(/cannot be updated/);
    });
  });
});
