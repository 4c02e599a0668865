import { Agenda, type Job } from 'agenda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteBackend, type SqliteBackendOptions } from '../src/index.js';
import { createTempDatabase, sleep, waitFor, type TempDatabase } from './helpers/temp-database.js';

interface StoredRow {
  id: number;
  name: string;
  type: string;
  next_run_at: number | null;
  locked_at: number | null;
  last_run_at: number | null;
  last_finished_at: number | null;
  failed_at: number | null;
  fail_count: number | null;
  fail_reason: string | null;
}

describe('Agenda running on the SQLite backend', () => {
  let temp: TempDatabase;
  let agenda: Agenda;

  function createAgenda(options: Partial<SqliteBackendOptions> = {}, agendaOptions: { logging?: boolean; processEvery?: number } = {}) {
    agenda = new Agenda({
      backend: new SqliteBackend({ filename: temp.filename, ...options } as SqliteBackendOptions),
      processEvery: agendaOptions.processEvery ?? 100,
      logging: agendaOptions.logging ?? false,
    });
    return agenda;
  }

  function rows(name: string): StoredRow[] {
    return temp.inspect().prepare('SELECT * FROM agenda_jobs WHERE name = ? ORDER BY id').all(name) as StoredRow[];
  }

  beforeEach(() => {
    temp = createTempDatabase();
  });

  afterEach(async () => {
    await agenda?.stop();
    temp.remove();
  });

  it('runs a job saved with now() and leaves it finished and unlocked', async () => {
    createAgenda();
    const runs: unknown[] = [];
    agenda.define('send-reminder', async (job: Job<{ reminderId: number }>) => {
      runs.push(job.attrs.data);
    });
    await agenda.start();

    await agenda.now('send-reminder', { reminderId: 42 });
    await waitFor(() => rows('send-reminder')[0]?.last_finished_at != null, 5000, 'the job to finish');

    const [row] = rows('send-reminder');
    expect(runs).toEqual([{ reminderId: 42 }]);
    expect(row).toMatchObject({ locked_at: null, next_run_at: null, failed_at: null });
    expect(row!.last_run_at).toBeLessThanOrEqual(row!.last_finished_at!);
  });

  it('runs a scheduled job at its time, not before', async () => {
    createAgenda();
    let ranAt = 0;
    agenda.define('wake-up', async () => {
      ranAt = Date.now();
    });
    await agenda.start();

    const dueAt = new Date(Date.now() + 1200);
    await agenda.schedule(dueAt, 'wake-up');
    await sleep(800);
    expect(ranAt).toBe(0);
    await waitFor(() => ranAt > 0, 5000, 'the scheduled run');

    expect(ranAt).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(ranAt - dueAt.getTime()).toBeLessThan(500);
  });

  it('repeats an every() job from a single row', async () => {
    createAgenda();
    let runs = 0;
    agenda.define('tick', async () => {
      runs += 1;
    });
    await agenda.start();

    await agenda.every(300, 'tick');
    await agenda.every(300, 'tick'); // declared again, as on every boot
    await waitFor(() => runs >= 3, 5000, 'three runs');

    const stored = rows('tick');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.type).toBe('single');
    expect(stored[0]!.next_run_at).toBeGreaterThan(stored[0]!.last_run_at!);
  });

  it('records a failing job’s failure and unlocks it', async () => {
    createAgenda();
    agenda.define('explode', async () => {
      throw new Error('webhook answered 500');
    });
    const failed = new Promise<Error>((resolve) => agenda.on('fail:explode', (error: Error) => resolve(error)));
    await agenda.start();

    await agenda.now('explode');
    expect((await failed).message).toBe('webhook answered 500');
    await waitFor(() => rows('explode')[0]?.fail_count === 1 && rows('explode')[0]?.locked_at === null, 5000, 'failure to be stored');

    expect(rows('explode')[0]).toMatchObject({ fail_count: 1, fail_reason: 'webhook answered 500', locked_at: null });
    expect(rows('explode')[0]!.failed_at).not.toBeNull();
  });

  it('does not run disabled jobs until they are enabled again', async () => {
    createAgenda();
    let runs = 0;
    agenda.define('paused', async () => {
      runs += 1;
    });
    await agenda.now('paused');
    expect(await agenda.disable({ name: 'paused' })).toBe(1);
    await agenda.start();

    await sleep(400);
    expect(runs).toBe(0);
    expect(await agenda.enable({ name: 'paused' })).toBe(1);
    await waitFor(() => runs === 1, 5000, 'the enabled job to run');
  });

  it('stop() releases claimed jobs that had not started; the running one keeps its lock', async () => {
    createAgenda();
    let release: () => void = () => {};
    const blocker = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = 0;
    agenda.define(
      'slow',
      async () => {
        started += 1;
        await blocker;
      },
      { concurrency: 1 },
    );
    for (let i = 0; i < 3; i += 1) await agenda.now('slow', { i });
    await agenda.start();
    await waitFor(() => started === 1 && rows('slow').every((row) => row.locked_at !== null), 5000, 'three claimed jobs');

    await agenda.stop();

    const locked = rows('slow').filter((row) => row.locked_at !== null);
    expect(started).toBe(1);
    expect(locked).toHaveLength(1);
    expect(locked[0]!.last_run_at).not.toBeNull(); // the one that was running
    release();
  });

  it('with in-process notifications, a job saved for now runs without waiting for the next poll', async () => {
    createAgenda({ inProcessNotifications: true }, { processEvery: 60_000 });
    let ranAt = 0;
    agenda.define('instant', async () => {
      ranAt = Date.now();
    });
    await agenda.start();
    await sleep(50); // let the start-up poll finish

    const savedAt = Date.now();
    await agenda.now('instant');
    await waitFor(() => ranAt > 0, 2000, 'the notified run');

    expect(ranAt - savedAt).toBeLessThan(1000);
  });

  it('stores Agenda’s job log in the logs table when logging is enabled', async () => {
    createAgenda({}, { logging: true });
    agenda.define('logged', async () => {});
    await agenda.start();

    const job = await agenda.now('logged');
    await waitFor(async () => (await agenda.getLogs({ jobName: 'logged', event: 'complete' })).total === 1, 5000, 'the complete log');

    const logs = await agenda.getLogs({ jobId: job.attrs._id, sort: 'asc' });
    expect(logs.entries.map((entry) => entry.event)).toEqual(expect.arrayContaining(['locked', 'start', 'success', 'complete']));
    expect(logs.entries[0]).toMatchObject({ jobName: 'logged', jobId: job.attrs._id });
    expect(await agenda.clearLogs({ event: 'locked' })).toBe(1);
    expect(await agenda.clearLogs()).toBe(logs.total - 1);
  });
});
