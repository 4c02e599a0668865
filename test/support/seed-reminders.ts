import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';

export interface SeedRemindersOptions {
  userId: string;
  count: number;
  /** The planned fire time of the i-th reminder (its task is due `offsetMinutes` later). */
  fireAt: (i: number) => Date;
  offsetMinutes?: number;
}

// Rows per PostgreSQL statement: large enough that round trips do not count, small enough that one
// chunk's arrays stay a few megabytes.
const POSTGRES_CHUNK = 50_000;

/**
 * Inserts pending tasks with scheduled reminders straight through the driver, in bulk: how the
 * reminder tests and benchmarks make up to a million reminders quickly. SQLite: one transaction of
 * prepared statements; PostgreSQL: one set-based statement per chunk (arrays through unnest).
 */
export async function seedReminders(provider: DatabaseProvider, url: string, options: SeedRemindersOptions): Promise<void> {
  const offset = options.offsetMinutes ?? 10;
  const now = Date.now();
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { timeout: 30_000 });
    try {
      db.prepare('INSERT OR IGNORE INTO users (id, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?)').run(options.userId, 'UTC', now, now);
      const task = db.prepare(
        `INSERT INTO tasks (user_id, title, description, due_at, priority, status, created_at, updated_at, remind_before)
         VALUES (?, ?, '', ?, 'low', 'pending', ?, ?, ?)`,
      );
      const reminder = db.prepare(
        `INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at)
         VALUES (?, ?, ?, ?, ?, 'scheduled', ?)`,
      );
      db.transaction(() => {
        for (let i = 0; i < options.count; i += 1) {
          const fireAt = options.fireAt(i).getTime();
          const dueAt = fireAt + offset * 60_000;
          const id = task.run(options.userId, `reminder ${i}`, dueAt, now, now, offset).lastInsertRowid;
          reminder.run(id, options.userId, offset, dueAt, fireAt, now);
        }
      })();
    } finally {
      db.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ($1, $2, now(), now()) ON CONFLICT DO NOTHING',
      [options.userId, 'UTC'],
    );
    await client.query('BEGIN');
    for (let start = 0; start < options.count; start += POSTGRES_CHUNK) {
      const fireTimes = Array.from({ length: Math.min(POSTGRES_CHUNK, options.count - start) }, (_, k) => options.fireAt(start + k).getTime());
      await client.query(
        `WITH input AS (
           SELECT to_timestamp(f / 1000.0) AS fire_at, ord FROM unnest($2::float8[]) WITH ORDINALITY AS t(f, ord)),
         created AS (
           INSERT INTO tasks (user_id, title, description, due_at, priority, status, created_at, updated_at, remind_before)
           SELECT $1, 'reminder ' || ($4 + ord), '', fire_at + make_interval(mins => $3), 'low', 'pending', now(), now(), $3
           FROM input ORDER BY ord RETURNING id, due_at)
         INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at)
         SELECT id, $1, $3, due_at, due_at - make_interval(mins => $3), 'scheduled', now() FROM created`,
        [options.userId, fireTimes, offset, start],
      );
    }
    await client.query('COMMIT');
    await client.query('ANALYZE tasks; ANALYZE reminders');
  } finally {
    await client.end();
  }
}
