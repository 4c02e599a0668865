/**
 * `npm run bench:reminders`: how on time reminders fire, with one `tickler serve` instance.
 *   spike:  100 000 reminders all due at the same instant
 *   steady: 100 reminders per second for 60 s
 * on SQLite and PostgreSQL. Lateness = fired_at - planned fire time, as the service records it.
 * BENCH_PROVIDERS (default "sqlite,postgresql"), BENCH_SPIKE (default 100000), BENCH_STEADY_SECONDS (60).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { sqliteFilePath } from '../src/db/migrate-sqlite.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { seedReminders } from '../test/support/seed-reminders.js';
import { startProcess, stopProcess } from './support/processes.js';

const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const SPIKE = Number(process.env.BENCH_SPIKE ?? 100_000);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 60);
const STEADY_RATE = 100;
const PORT = 3911;

interface Firing {
  firedAt: number;
  lateMs: number;
}

async function firings(provider: DatabaseProvider, url: string): Promise<Firing[]> {
  const sql = "SELECT fired_at, late_ms FROM reminders WHERE state = 'fired'";
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 30_000 });
    try {
      return (db.prepare(sql).all() as Array<{ fired_at: number; late_ms: number }>).map((r) => ({
        firedAt: r.fired_at,
        lateMs: r.late_ms,
      }));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ fired_at: Date; late_ms: number }>(sql)).rows.map((r) => ({
      firedAt: r.fired_at.getTime(),
      lateMs: r.late_ms,
    }));
  } finally {
    await client.end();
  }
}

async function countScheduled(provider: DatabaseProvider, url: string): Promise<number> {
  const sql = "SELECT count(*) AS n FROM reminders WHERE state = 'scheduled'";
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 30_000 });
    try {
      return (db.prepare(sql).get() as { n: number }).n;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query(sql)).rows[0].n);
  } finally {
    await client.end();
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

async function run(provider: DatabaseProvider, mode: 'spike' | 'steady') {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-reminders-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'tickler.db')}`;
  try {
    await applyMigrations({ provider, url });
    const server = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: 'warn' },
      `http://127.0.0.1:${PORT}/healthz`,
    );
    // Planned times start after seeding is surely done, so seeding time never counts as lateness.
    const start = Date.now() + (mode === 'spike' ? 20_000 : 10_000);
    const count = mode === 'spike' ? SPIKE : STEADY_RATE * STEADY_SECONDS;
    const fireAt = mode === 'spike' ? () => new Date(start) : (i: number) => new Date(start + (i * 1000) / STEADY_RATE);
    await seedReminders(provider, url, { userId: 'bench', count, fireAt });
    const lastPlanned = fireAt(count - 1).getTime();
    const deadline = lastPlanned + 180_000;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      if (Date.now() > lastPlanned && (await countScheduled(provider, url)) === 0) break;
    }
    const fired = await firings(provider, url);
    const unfired = await countScheduled(provider, url);
    await stopProcess(server);
    const lateness = fired.map((f) => f.lateMs).sort((a, b) => a - b);
    const lastFired = fired.reduce((latest, f) => Math.max(latest, f.firedAt), 0);
    return {
      provider,
      mode,
      count,
      fired: fired.length,
      unfired,
      allFiredAfterS: (lastFired - start) / 1000,
      p50: percentile(lateness, 50),
      p99: percentile(lateness, 99),
      max: lateness[lateness.length - 1] ?? NaN,
    };
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const provider of PROVIDERS) {
  for (const mode of ['spike', 'steady'] as const) {
    const result = await run(provider, mode);
    results.push(result);
    console.log(JSON.stringify(result));
  }
}
console.log('\nReminder firing, one instance (lateness = fired_at - planned, ms)');
console.log('provider   mode    reminders  fired  all fired after  p50 late  p99 late  max late   target');
for (const r of results) {
  const target = r.mode === 'spike' ? 'all < 60 s, p99 < 30 s' : 'p99 < 2 s';
  console.log(
    [
      r.provider.padEnd(10),
      r.mode.padEnd(7),
      String(r.count).padStart(9),
      String(r.fired).padStart(6),
      `${r.allFiredAfterS.toFixed(1)} s`.padStart(16),
      String(r.p50).padStart(9),
      String(r.p99).padStart(9),
      String(r.max).padStart(9),
      `  ${target}`,
    ].join(' '),
  );
}
