import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';

export interface FiringSummary {
  fired: number;
  unfired: number;
  /** `reminder.due` events in the outbox, and how many distinct tasks they are for: both equal `fired` when each fired once. */
  reminderEvents: number;
  distinctTasks: number;
  firstFiredAt: number;
  lastFiredAt: number;
  /** Lateness percentiles (nearest rank), ms. */
  p50: number;
  p99: number;
  max: number;
}

const COUNTS = `SELECT
  (SELECT count(*) FROM reminders WHERE state = 'fired') AS fired,
  (SELECT count(*) FROM reminders WHERE state = 'scheduled') AS unfired,
  (SELECT count(*) FROM events WHERE type = 'reminder.due') AS reminder_events,
  (SELECT count(DISTINCT task_id) FROM events WHERE type = 'reminder.due') AS distinct_tasks,
  (SELECT min(fired_at) FROM reminders WHERE state = 'fired') AS first_fired_at,
  (SELECT max(fired_at) FROM reminders WHERE state = 'fired') AS last_fired_at,
  (SELECT max(late_ms) FROM reminders WHERE state = 'fired') AS max`;

/** Counts, first and last firing and lateness percentiles, computed by the database (no rows come back). */
export async function firingSummary(provider: DatabaseProvider, url: string): Promise<FiringSummary> {
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true, timeout: 30_000 });
    try {
      const row = db.prepare(COUNTS).get() as Record<string, number | null>;
      // Nearest rank: the ceil(q·n)-th smallest.
      const rank = db.prepare("SELECT late_ms FROM reminders WHERE state = 'fired' ORDER BY late_ms LIMIT 1 OFFSET ?").pluck();
      const at = (q: number) => (row.fired ? (rank.get(Math.max(0, Math.ceil(q * row.fired!) - 1)) as number) : NaN);
      return summary(row, at(0.5), at(0.99));
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const row = (await client.query(COUNTS)).rows[0] as Record<string, string | Date | null>;
    const { p50, p99 } = (
      await client.query("SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY late_ms) AS p50, percentile_disc(0.99) WITHIN GROUP (ORDER BY late_ms) AS p99 FROM reminders WHERE state = 'fired'")
    ).rows[0] as { p50: number | null; p99: number | null };
    return summary(row, p50 ?? NaN, p99 ?? NaN);
  } finally {
    await client.end();
  }
}

function summary(row: Record<string, unknown>, p50: number, p99: number): FiringSummary {
  const instant = (value: unknown) => (value instanceof Date ? value.getTime() : value === null ? NaN : Number(value));
  return {
    fired: Number(row.fired),
    unfired: Number(row.unfired),
    reminderEvents: Number(row.reminder_events),
    distinctTasks: Number(row.distinct_tasks),
    firstFiredAt: instant(row.first_fired_at),
    lastFiredAt: instant(row.last_fired_at),
    p50,
    p99,
    max: row.max === null ? NaN : Number(row.max),
  };
}

export async function countScheduled(provider: DatabaseProvider, url: string): Promise<number> {
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
