import { hostname } from 'node:os';
import { Agenda, type AgendaBackend } from 'agenda';
import type pg from 'pg';
import type { Config } from '../config.js';
import { sqliteFilePath } from '../db/migrate-sqlite.js';
import { makeSqliteFilesPrivate } from '../db/private-files.js';
import type { RecurringJob } from '../jobs/recurring-job.js';
import { defineFireDueRemindersJob, sweepJobNames, type FireDueRemindersJobOptions } from './jobs/fire-due-reminders-job.js';

export interface ReminderSchedulerOptions extends FireDueRemindersJobOptions {
  /** PostgreSQL URL, or the SQLite file that holds the jobs (kept apart from the data file). */
  jobsLocation: string;
  sweepIntervalMs: number;
  /** How long a crashed instance's claim on the sweep job blocks the others. */
  lockLifetimeMs: number;
  /** Other recurring jobs to run on the same Agenda instance (webhook delivery). */
  jobs?: RecurringJob[];
}

export interface ReminderScheduler {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Where Agenda keeps its jobs: the same PostgreSQL database, or a SQLite file beside the data file. */
export function jobsLocationFor(database: Config['database']): string {
  if (database.provider === 'postgresql') return database.url;
  return sqliteFilePath(database.url).replace(/(\.db)?$/, '.jobs.db');
}

/** Each provider loads only its own backend (and a SQLite service never loads pg). */
async function createBackend(options: ReminderSchedulerOptions, pool: pg.Pool | undefined): Promise<AgendaBackend> {
  if (pool) {
    const { PostgresBackend } = await import('@agendajs/postgres-backend');
    return new PostgresBackend({ pool, tableName: 'agenda_jobs' });
  }
  const { SqliteBackend } = await import('../../packages/agenda-sqlite-backend/src/index.js');
  // Beside the data file, and as private as it (see private-files.ts).
  makeSqliteFilesPrivate(options.jobsLocation);
  return new SqliteBackend({ filename: options.jobsLocation, inProcessNotifications: true });
}

// Arbitrary, but distinct from the migration lock (72707369).
const SCHEDULER_STARTUP_LOCK_KEY = 72707370;

/**
 * The PostgreSQL backend creates its tables on first connect; instances starting at the same moment
 * would race on that DDL, so start-up is serialised with an advisory lock.
 */
async function withStartupLock(options: ReminderSchedulerOptions, start: () => Promise<void>): Promise<void> {
  if (options.provider !== 'postgresql') return start();
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: options.jobsLocation });
  // A connection lost while held is reported by the failing query; unheard, the event would end the process.
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [SCHEDULER_STARTUP_LOCK_KEY]);
    await start();
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [SCHEDULER_STARTUP_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}

/**
 * Agenda's stop() unlocks the jobs it knows it holds, but a processing turn already waiting on its lock
 * query when stop() ran takes a lock after that and leaves it for REMINDER_LOCK_LIFETIME. Nothing of this
 * process runs any more, so every lock still under its name is given back.
 */
async function unlockLeftBehind(jobsLocation: string, instanceName: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: jobsLocation });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('UPDATE agenda_jobs SET locked_at = NULL WHERE locked_at IS NOT NULL AND last_modified_by = $1', [instanceName]);
  } finally {
    await client.end();
  }
}

/**
 * Agenda drives reminder timing with recurring jobs that sweep due reminders every `sweepIntervalMs`
 * (one on SQLite, a few on PostgreSQL so instances share a spike); the sweep claims reminders from the
 * database in batches (see fire-due-reminders.ts), so firing stays exactly-once however many instances
 * and sweeps run.
 */
export function createReminderScheduler(options: ReminderSchedulerOptions): ReminderScheduler {
  // Our own pool, so it has an error listener: the backend's own has none, and a server dropping an idle
  // connection (restart, DROP DATABASE … WITH (FORCE) right after stop) would crash the process.
  // Made in start(), since pg loads only on PostgreSQL.
  let pool: pg.Pool | undefined;
  // Agenda connects its backend (and creates its tables) as soon as it is constructed, so it is built
  // inside the start-up lock.
  let agenda: Agenda | undefined;
  let backend: AgendaBackend | undefined;
  // Jobs running right now: stop() waits for them, as each gives its own lock back when it completes.
  let running = 0;
  let idle: (() => void) | undefined;
  // Set by stop(): a sweep in progress (a backlog can take a minute) ends after its batch, so shutdown does not wait for it.
  let stopping = false;
  // Unique per process even where every container's process is pid 1: stop() unlocks by it.
  const instanceName = `tickler-${hostname()}-${process.pid}`;
  const buildAgenda = async (): Promise<Agenda> => {
    backend = await createBackend(options, pool);
    // The LISTEN connection's failures are 'error' events on the notification channel, which Agenda
    // does not listen to: unheard, a dropped connection (server restart, database dropped right after
    // stop) would crash the process.
    (backend.notificationChannel as { on?(event: 'error', listener: (error: unknown) => void): unknown } | undefined)?.on?.(
      'error',
      (error) => options.logger.warn({ err: error }, 'agenda notification channel error'),
    );
    const created = new Agenda({
      backend,
      name: instanceName,
      processEvery: Math.min(options.sweepIntervalMs, ...(options.jobs ?? []).map((job) => job.intervalMs)),
      defaultLockLifetime: options.lockLifetimeMs,
      maxConcurrency: 4,
    });
    defineFireDueRemindersJob(created, { ...options, stopping: () => stopping });
    for (const job of options.jobs ?? []) job.define(created);
    created.on('error', (error: unknown) => options.logger.error({ err: error }, 'agenda error'));
    // Other instances' jobs are announced too (remote: true): only this process's own count.
    created.on('start', (_job: unknown, remote?: boolean) => {
      if (!remote) running += 1;
    });
    created.on('complete', (_job: unknown, remote?: boolean) => {
      if (remote) return;
      running -= 1;
      if (running === 0) idle?.();
    });
    return created;
  };
  return {
    async start() {
      if (options.provider === 'postgresql' && !pool) {
        const { default: pg } = await import('pg');
        pool = new pg.Pool({ connectionString: options.jobsLocation });
        pool.on('error', (error) => options.logger.warn({ err: error }, 'agenda database connection error'));
      }
      await withStartupLock(options, async () => {
        stopping = false;
        agenda = await buildAgenda();
        await agenda.ready;
        await agenda.start();
        for (const name of sweepJobNames(options.provider)) await agenda.every(options.sweepIntervalMs, name);
        for (const job of options.jobs ?? []) await agenda.every(job.intervalMs, job.name);
      });
    },
    /**
     * Gives the job locks back at once, so another instance takes the next sweep now rather than after
     * REMINDER_LOCK_LIFETIME: Agenda unlocks the runs it had locked but not started, and a run in progress
     * finishes (its claims are transactions) and unlocks itself. The connection closes after that.
     */
    async stop() {
      if (!agenda) return;
      stopping = true;
      await agenda.stop(false);
      if (running > 0) await new Promise<void>((resolve) => (idle = resolve));
      if (backend?.ownsConnection) await backend.disconnect();
      // end() waits for queries in flight, among them a lock a processing turn begun before stop() took.
      await pool?.end();
      if (pool) await unlockLeftBehind(options.jobsLocation, instanceName);
      pool = undefined;
      agenda = undefined;
    },
  };
}
