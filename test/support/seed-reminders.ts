import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';

export interface SeedRemindersOptions {
  userId: string;
  /** Tasks; each has `perTask` reminders. */
  count: number;
  /** The planned fire time of the i-th reminder (its task is due `offsetMinutes` later). */
  fireAt: (i: number) => Date;
  offsetMinutes?: number;
  /**
   * Reminders per task (default 1: a `before` reminder). With more, each is an absolute (`at`) reminder,
   * as a task with a reminders list has them: slot s of task k fires at fireAt(s * count + k), and the
   * task is due `offsetMinutes` after its last one.
   */
  perTask?: number;
}

/** Task k's fire times, slot by slot, its due time, and its stored reminders list. */
function taskPlan(options: SeedRemindersOptions, k: number, offset: number) {
  const perTask = options.perTask ?? 1;
  const fires = Array.from({ length: perTask }, (_, s) => options.fireAt(s * options.count + k).getTime());
  const dueAt = Math.max(...fires) + offset * 60_000;
  const specs = perTask === 1 ? null : JSON.stringify(fires.map((at) => ({ at: new Date(at).toISOString() })));
  return { fires, dueAt, specs };
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
      db.prepare("INSERT OR IGNORE INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES (?, 'Inbox', 'inbox', 1, ?, ?)").run(options.userId, now, now);
      db.prepare("INSERT OR IGNORE INTO list_members (list_id, user_id, role, joined_at) SELECT id, owner_id, 'owner', created_at FROM lists WHERE owner_id = ? AND inbox").run(options.userId);
      const { id: listId } = db.prepare('SELECT id FROM lists WHERE owner_id = ? AND inbox').get(options.userId) as { id: number };
      const task = db.prepare(
        `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at, remind_before, reminder_specs)
         VALUES (?, ${listId}, ?, '', ?, 'low', 'pending', ?, ?, ?, ?)`,
      );
      const reminder = db.prepare(
        `INSERT INTO reminders (task_id, slot, kind, user_id, offset_minutes, due_at, fire_at, state, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, 'scheduled', ?)`,
      );
      const single = (options.perTask ?? 1) === 1;
      db.transaction(() => {
        for (let k = 0; k < options.count; k += 1) {
          const plan = taskPlan(options, k, offset);
          const id = task.run(options.userId, `reminder ${k}`, plan.dueAt, now, now, single ? offset : null, plan.specs).lastInsertRowid;
          plan.fires.forEach((fireAt, slot) => {
            if (single) reminder.run(id, 0, 'before', options.userId, offset, plan.dueAt, fireAt, now);
            else reminder.run(id, slot, 'at', options.userId, 0, fireAt, fireAt, now);
          });
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
    await client.query(
      "INSERT INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES ($1, 'Inbox', 'inbox', true, now(), now()) ON CONFLICT DO NOTHING",
      [options.userId],
    );
    await client.query(
      "INSERT INTO list_members (list_id, user_id, role, joined_at) SELECT id, owner_id, 'owner', created_at FROM lists WHERE owner_id = $1 AND inbox ON CONFLICT DO NOTHING",
      [options.userId],
    );
    await client.query('BEGIN');
    for (let start = 0; start < options.count; start += POSTGRES_CHUNK) {
      if ((options.perTask ?? 1) > 1) {
        await seedListChunkOnPostgres(client, options, start, Math.min(POSTGRES_CHUNK, options.count - start), offset);
        continue;
      }
      const fireTimes = Array.from({ length: Math.min(POSTGRES_CHUNK, options.count - start) }, (_, k) => options.fireAt(start + k).getTime());
      await client.query(
        `WITH input AS (
           SELECT to_timestamp(f / 1000.0) AS fire_at, ord FROM unnest($2::float8[]) WITH ORDINALITY AS t(f, ord)),
         created AS (
           INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at, remind_before)
           SELECT $1, (SELECT id FROM lists WHERE owner_id = $1 AND inbox), 'reminder ' || ($4 + ord), '', fire_at + make_interval(mins => $3), 'low', 'pending', now(), now(), $3
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

/** Tasks start … start+size-1 with their `at` reminders: the tasks, then their reminders, each in one statement. */
async function seedListChunkOnPostgres(client: pg.Client, options: SeedRemindersOptions, start: number, size: number, offset: number): Promise<void> {
  const plans = Array.from({ length: size }, (_, j) => taskPlan(options, start + j, offset));
  const created = await client.query<{ id: string; title: string }>(
    `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at, reminder_specs)
     SELECT $1, (SELECT id FROM lists WHERE owner_id = $1 AND inbox), 'reminder ' || ($2 + ord - 1), '', to_timestamp(d / 1000.0), 'low', 'pending', now(), now(), specs
     FROM unnest($3::float8[], $4::text[]) WITH ORDINALITY AS t(d, specs, ord) RETURNING id, title`,
    [options.userId, start, plans.map((plan) => plan.dueAt), plans.map((plan) => plan.specs)],
  );
  const taskIds: string[] = [];
  const slots: number[] = [];
  const fires: number[] = [];
  for (const row of created.rows) {
    const plan = plans[Number(row.title.slice('reminder '.length)) - start]!;
    plan.fires.forEach((fireAt, slot) => {
      taskIds.push(row.id);
      slots.push(slot);
      fires.push(fireAt);
    });
  }
  await client.query(
    `INSERT INTO reminders (task_id, slot, kind, user_id, offset_minutes, due_at, fire_at, state, updated_at)
     SELECT task_id, slot, 'at', $1, 0, to_timestamp(f / 1000.0), to_timestamp(f / 1000.0), 'scheduled', now()
     FROM unnest($2::bigint[], $3::int[], $4::float8[]) AS t(task_id, slot, f)`,
    [options.userId, taskIds, slots, fires],
  );
}
