import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { seedReminders } from '../support/seed-reminders.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';

interface FiringCounts {
  scheduled: number;
  reminderEvents: number;
  distinctTasks: number;
}

async function firingCounts(provider: DatabaseProvider, url: string): Promise<FiringCounts> {
  const sql = `SELECT
      (SELECT count(*) FROM reminders WHERE state = 'scheduled') AS scheduled,
      (SELECT count(*) FROM events WHERE type = 'reminder.due') AS "reminderEvents",
      (SELECT count(DISTINCT task_id) FROM events WHERE type = 'reminder.due') AS "distinctTasks"`;
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 10_000 });
    try {
      const row = db.prepare(sql).get() as Record<keyof FiringCounts, number>;
      return { scheduled: row.scheduled, reminderEvents: row.reminderEvents, distinctTasks: row.distinctTasks };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query(sql)).rows[0] as Record<keyof FiringCounts, string>;
    return { scheduled: Number(row.scheduled), reminderEvents: Number(row.reminderEvents), distinctTasks: Number(row.distinctTasks) };
  } finally {
    await client.end();
  }
}

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number, everyMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const cleanups = cleanupsAfterEach();

async function setup(provider: DatabaseProvider) {
  const { url, serve } = await setupTicklerProcesses(
    provider,
    { dataDirPrefix: 'tickler-firing-', env: { REMINDER_SWEEP_INTERVAL: '200ms', REMINDER_LOCK_LIFETIME: '2s' } },
    cleanups,
  );
  await applyMigrations({ provider, url });
  return { url, serve };
}

describe('reminders fire exactly once across real processes', () => {
  it('two instances on one PostgreSQL fire each of 3 000 reminders exactly once', { timeout: 90_000 }, async () => {
    const { url, serve } = await setup('postgresql');
    const start = Date.now() + 3_000;
    await seedReminders('postgresql', url, { userId: 'many', count: 3_000, fireAt: (i) => new Date(start + (i % 2_000)) });
    await Promise.all([serve(), serve()]);
    const counts = await waitFor(() => firingCounts('postgresql', url), (c) => c.scheduled === 0 && c.reminderEvents >= 3_000, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await firingCounts('postgresql', url)).toEqual({ scheduled: 0, reminderEvents: 3_000, distinctTasks: 3_000 });
    expect(counts.distinctTasks).toBe(3_000);
  });

  it.each(PROVIDERS)('a kill -9 in the middle of a spike loses none and repeats none after restart (%s)', { timeout: 120_000 }, async (provider) => {
    const { url, serve } = await setup(provider);
    // SQLite fires a spike faster, so it gets a bigger one to be caught in the middle of it.
    const count = provider === 'sqlite' ? 40_000 : 10_000;
    const first: ServeProcess = await serve();
    // Seeded while the instance runs, so its next sweep meets the whole spike at once.
    await seedReminders(provider, url, { userId: 'spike', count, fireAt: () => new Date(Date.now() - 1_000) });
    const partial = await waitFor(() => firingCounts(provider, url), (c) => c.reminderEvents > 0, 30_000, 20);
    await first.stop('SIGKILL');
    const afterKill = await firingCounts(provider, url);
    expect(partial.reminderEvents).toBeGreaterThan(0);
    expect(afterKill.scheduled).toBeGreaterThan(0);

    await serve();
    const final = await waitFor(() => firingCounts(provider, url), (c) => c.scheduled === 0, 60_000);
    expect(final).toEqual({ scheduled: 0, reminderEvents: count, distinctTasks: count });
  });

  it('a real short wait end to end: a reminder at the due time fires on time, not before', { timeout: 30_000 }, async () => {
    const { url, serve } = await setup('sqlite');
    const server = await serve();
    const { runTickler } = await import('../support/cli.js');
    const token = (await runTickler(['token', '--user', 'waiter'], { DATA_DIR: path.dirname(sqliteFilePath(url)) })).stdout.trim();
    const dueAt = new Date(Date.now() + 2_500);
    const response = await fetch(`${server.url}/tasks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'soon', dueAt: dueAt.toISOString(), remindBefore: 0 }),
    });
    expect(response.status).toBe(201);
    const early = await firingCounts('sqlite', url);
    expect(early.reminderEvents).toBe(0);
    const fired = await waitFor(() => firingCounts('sqlite', url), (c) => c.reminderEvents === 1, 10_000);
    expect(fired.reminderEvents).toBe(1);
    const db = new Database(sqliteFilePath(url), { readonly: true });
    const row = db.prepare("SELECT fired_at, late_ms FROM reminders").get() as { fired_at: number; late_ms: number };
    db.close();
    expect(row.fired_at).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(row.late_ms).toBeLessThan(1_500);
  });
});
