import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Agenda } from 'agenda';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteBackend } from '../src/index.js';
import { createTempDatabase, sleep, waitFor, type TempDatabase } from './helpers/temp-database.js';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const WORKER_SCRIPT = fileURLToPath(new URL('./fixtures/concurrent-worker.ts', import.meta.url));
const RECORDED_JOB = 'record-run';
const CLAIMED_JOB = 'claim-race';

interface Worker {
  process: ChildProcessWithoutNullStreams;
  ready: Promise<void>;
  /** Resolves with the JSON line the worker prints when it is done. */
  result: Promise<Record<string, unknown>>;
}

function startWorker(mode: 'agenda' | 'hang' | 'claim', filename: string, name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT, mode, filename, name], {
    cwd: REPO_ROOT,
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (stdout.split('\n').includes('ready')) markReady();
  });
  const result = new Promise<Record<string, unknown>>((resolve, reject) => {
    child.on('exit', (code, signal) => {
      const last = stdout.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as Record<string, unknown>);
      else reject(new Error(`worker ${name} exited with ${code ?? signal}: ${stderr}`));
    });
  });
  const failedEarly = result.then(() => undefined);
  return { process: child, ready: Promise.race([ready, failedEarly]), result };
}

function countRuns(db: Database.Database): { runs: number; distinctJobs: number } {
  return db.prepare('SELECT COUNT(*) AS runs, COUNT(DISTINCT job_id) AS distinctJobs FROM job_runs').get() as {
    runs: number;
    distinctJobs: number;
  };
}

describe('several processes sharing one SQLite file', () => {
  let temp: TempDatabase;
  let workers: Worker[] = [];
  let agenda: Agenda | undefined;

  beforeEach(async () => {
    temp = createTempDatabase();
    // Create the schema once up front, plus the table the workers record their runs in.
    const setup = new SqliteBackend({ filename: temp.filename });
    await setup.connect();
    setup.database.exec('CREATE TABLE job_runs (job_id TEXT NOT NULL, worker TEXT NOT NULL, ran_at INTEGER NOT NULL)');
    await setup.disconnect();
    workers = [];
    agenda = undefined;
  });

  afterEach(async () => {
    for (const worker of workers) if (worker.process.exitCode === null) worker.process.kill('SIGKILL');
    await agenda?.stop();
    temp.remove();
  });

  it('hands each job to exactly one claimer when three processes claim in a tight loop', async () => {
    const backend = new SqliteBackend({ filename: temp.filename });
    await backend.connect();
    const jobCount = 3000;
    for (let i = 0; i < jobCount; i += 1) {
      await backend.repository.saveJob(
        { name: CLAIMED_JOB, priority: i % 3, nextRunAt: new Date(Date.now() - 1000), type: 'normal', data: { i } },
        undefined,
      );
    }
    workers = [startWorker('claim', temp.filename, 'child-1'), startWorker('claim', temp.filename, 'child-2')];
    await Promise.all(workers.map((worker) => worker.ready));

    for (const worker of workers) worker.process.stdin.end('go\n');
    await sleep(0); // flush the pipes before this process starts claiming too
    const mine: string[] = [];
    for (;;) {
      const now = new Date();
      const job = await backend.repository.getNextJobToRun(CLAIMED_JOB, now, new Date(0), now, { lastModifiedBy: 'parent' });
      if (!job) break;
      mine.push(String(job._id));
    }
    const results = await Promise.all(workers.map((worker) => worker.result));
    await backend.disconnect();

    const claims = [mine, ...results.map((result) => result.claimed as string[])];
    const all = claims.flat();
    expect(all).toHaveLength(jobCount);
    expect(new Set(all).size).toBe(jobCount);
    expect(claims.filter((list) => list.length > 0).length).toBeGreaterThanOrEqual(2);
    const unlocked = temp.inspect().prepare('SELECT COUNT(*) AS n FROM agenda_jobs WHERE locked_at IS NULL').get();
    expect(unlocked).toEqual({ n: 0 });
    console.info(`claims per process (parent, child-1, child-2): ${claims.map((list) => list.length).join(', ')}`);
  }, 45_000);

  it('runs 500 due jobs exactly once across two worker processes and the test process', async () => {
    workers = [startWorker('agenda', temp.filename, 'child-1'), startWorker('agenda', temp.filename, 'child-2')];
    const backend = new SqliteBackend({ filename: temp.filename });
    agenda = new Agenda({ backend, processEvery: 50, lockLimit: 20 });
    let parentRuns = 0;
    agenda.define(RECORDED_JOB, async (job) => {
      backend.database
        .prepare('INSERT INTO job_runs (job_id, worker, ran_at) VALUES (?, ?, ?)')
        .run(String(job.attrs._id), 'parent', Date.now());
      parentRuns += 1;
      await sleep(1);
    });
    await Promise.all(workers.map((worker) => worker.ready));
    await agenda.start();

    const startedAt = Date.now();
    for (let i = 0; i < 500; i += 1) await agenda.now(RECORDED_JOB, { i });
    const inspector = temp.inspect();
    await waitFor(() => countRuns(inspector).runs >= 500, 30_000, '500 recorded runs');
    const elapsed = Date.now() - startedAt;
    await sleep(500); // ten more polls: a job handed out twice would show up now

    for (const worker of workers) worker.process.kill('SIGTERM');
    const results = await Promise.all(workers.map((worker) => worker.result));
    await agenda.stop();
    agenda = undefined;

    expect(countRuns(inspector)).toEqual({ runs: 500, distinctJobs: 500 });
    const pending = inspector
      .prepare(`SELECT COUNT(*) AS n FROM agenda_jobs WHERE last_finished_at IS NULL OR locked_at IS NOT NULL`)
      .get();
    expect(pending).toEqual({ n: 0 });
    const perProcess = [parentRuns, ...results.map((result) => result.runs as number)];
    expect(perProcess.reduce((sum, runs) => sum + runs, 0)).toBe(500);
    expect(perProcess.filter((runs) => runs > 0).length).toBeGreaterThanOrEqual(2);
    console.info(`runs per process (parent, child-1, child-2): ${perProcess.join(', ')}; all done in ${elapsed} ms`);
  }, 45_000);

  it('re-runs the jobs of a killed worker once their lock lifetime has passed', async () => {
    const hanging = startWorker('hang', temp.filename, 'doomed');
    workers = [hanging];
    await hanging.ready;
    const backend = new SqliteBackend({ filename: temp.filename });
    agenda = new Agenda({ backend, processEvery: 100 });
    for (let i = 0; i < 3; i += 1) await agenda.now(RECORDED_JOB, { i });
    const inspector = temp.inspect();
    await waitFor(() => countRuns(inspector).runs === 3, 10_000, 'the doomed worker to start all three jobs');
    hanging.process.kill('SIGKILL');

    agenda.define(
      RECORDED_JOB,
      async (job) => {
        backend.database
          .prepare('INSERT INTO job_runs (job_id, worker, ran_at) VALUES (?, ?, ?)')
          .run(String(job.attrs._id), 'survivor', Date.now());
      },
      { lockLifetime: 1000 },
    );
    await agenda.start();
    await waitFor(() => countRuns(inspector).runs === 6, 10_000, 'the survivor to take the jobs over');

    const byWorker = inspector.prepare('SELECT worker, COUNT(DISTINCT job_id) AS jobs FROM job_runs GROUP BY worker ORDER BY worker').all();
    expect(byWorker).toEqual([
      { worker: 'doomed', jobs: 3 },
      { worker: 'survivor', jobs: 3 },
    ]);
    await waitFor(
      () => (inspector.prepare('SELECT COUNT(*) AS n FROM agenda_jobs WHERE locked_at IS NULL AND last_finished_at IS NOT NULL').get() as { n: number }).n === 3,
      5000,
      'the taken-over jobs to finish',
    );
  }, 45_000);
});
