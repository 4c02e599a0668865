import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations } from '../../src/db/migrate.js';
import { runTickler, serveTickler, type ServeProcess } from '../support/cli.js';
import { ADMIN_DATABASE_URL, createPostgresDatabase } from '../support/postgres.js';

// Agenda's PostgreSQL backend keeps one dedicated connection that runs LISTEN "agenda:jobs" and then
// LISTEN "agenda:jobs:state" (what pg_stat_activity shows for it). Its failures are 'error' events on
// the notification channel, which Agenda itself does not listen to. The scheduler attaches a listener:
// without it, the server dropping that connection (restart, pg_terminate_backend) throws an unheard
// 'error' event and ends the process.
// The service runs in a child process here, so such a crash shows up as the process exiting.

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

/** The backends of `database` whose last statement was a LISTEN: Agenda's notification connection. */
async function listenBackends(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN %'
      ORDER BY backend_start`,
    [database],
  );
  return rows.map((row) => row.pid);
}

function isRunning(server: ServeProcess): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

describe('the LISTEN connection of the reminder scheduler', () => {
  it('being terminated by the server neither crashes the service nor stops reminders firing', { timeout: 60_000 }, async () => {
    const postgres = await createPostgresDatabase();
    cleanups.push(() => postgres.drop());
    await applyMigrations({ provider: 'postgresql', url: postgres.url });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-listen-drop-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));

    const server = await serveTickler({
      DATA_DIR: dataDir,
      DATABASE_URL: postgres.url,
      REMINDER_SWEEP_INTERVAL: '200ms',
      REMINDER_LOCK_LIFETIME: '2s',
    });
    cleanups.push(() => server.stop('SIGKILL').then(() => undefined));
    const exited = new Promise<string>((resolve) =>
      server.child.on('exit', (code, signal) => resolve(`exited (code ${code}, signal ${signal})`)),
    );

    const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
    await admin.connect();
    cleanups.push(() => admin.end());

    const before = await waitFor(() => listenBackends(admin, postgres.name), (pids) => pids.length > 0, 15_000);
    expect(before, 'the service never opened its LISTEN connection').toHaveLength(1);
    const [listenPid] = before;

    const { rows } = await admin.query<{ terminated: boolean }>('SELECT pg_terminate_backend($1) AS terminated', [listenPid]);
    expect(rows[0]?.terminated).toBe(true);

    // A crash comes within milliseconds of the drop; a few seconds of survival rule it out.
    const outcome = await Promise.race([exited, sleep(3_000).then(() => 'still running')]);
    expect(outcome, `the service did not survive its LISTEN connection being terminated:\n${server.output()}`).toBe('still running');
    expect(isRunning(server)).toBe(true);
    // The drop reached the scheduler's listener (so this test exercised the path it means to).
    expect(server.output()).toContain('agenda notification channel error');

    // The channel reconnects on its own (after ~100 ms): a new LISTEN backend replaces the one terminated.
    const after = await waitFor(
      () => listenBackends(admin, postgres.name),
      (pids) => pids.length > 0 && !pids.includes(listenPid!),
      10_000,
    );
    expect(after, 'the notification channel did not open a new LISTEN connection').toHaveLength(1);
    expect(after).not.toContain(listenPid);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready' });

    // And the service still does its work: a task made after the drop gets its reminder fired.
    const token = (await runTickler(['token', '--user', 'listen-drop'], { DATA_DIR: dataDir })).stdout.trim();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // Long enough that the reminder is still ahead when the task is written, even on a loaded machine
    // (a reminder already past at creation is not planned, and would read as one that never fired).
    const dueAt = new Date(Date.now() + 6_000);
    const created = await fetch(`${server.url}/tasks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'after the drop', dueAt: dueAt.toISOString(), remindBefore: 0 }),
    });
    expect(created.status).toBe(201);
    const listed = await fetch(`${server.url}/tasks`, { headers });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain('after the drop');

    const data = new pg.Client({ connectionString: postgres.url });
    await data.connect();
    cleanups.push(() => data.end());
    const firedEvents = () =>
      data.query<{ count: string }>("SELECT count(*) FROM events WHERE type = 'reminder.due'").then((result) => Number(result.rows[0]?.count));
    const fired = await waitFor(firedEvents, (count) => count > 0, 30_000);
    expect(fired, `the reminder did not fire after the drop:\n${server.output()}`).toBe(1);
    const reminder = await data.query<{ fired_at: Date | null }>('SELECT fired_at FROM reminders');
    expect(reminder.rows).toHaveLength(1);
    expect(reminder.rows[0]?.fired_at?.getTime()).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(isRunning(server)).toBe(true);
  });
});
