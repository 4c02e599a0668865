import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';

/**
 * Seeds `count` pending tasks for a user straight through the driver (fast), due one minute apart,
 * and returns the first and last ids.
 */
export async function seedTasks(provider: DatabaseProvider, url: string, userId: string, count: number) {
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url));
    try {
      db.prepare('INSERT OR IGNORE INTO users (id, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?)').run(userId, 'UTC', Date.now(), Date.now());
      db.prepare("INSERT OR IGNORE INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES (?, 'Inbox', 'inbox', 1, ?, ?)").run(userId, Date.now(), Date.now());
      db.prepare("INSERT OR IGNORE INTO list_members (list_id, user_id, role, joined_at) SELECT id, owner_id, 'owner', created_at FROM lists WHERE owner_id = ? AND inbox").run(userId);
      const { id: listId } = db.prepare('SELECT id FROM lists WHERE owner_id = ? AND inbox').get(userId) as { id: number };
      const insert = db.prepare(
        `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
         VALUES (?, ${listId}, ?, '', ?, 'low', 'pending', ?, ?)`,
      );
      const base = Date.UTC(2027, 0, 1);
      let first = 0n;
      let last = 0n;
      db.transaction(() => {
        for (let i = 0; i < count; i += 1) {
          const id = BigInt(insert.run(userId, `seeded ${i}`, base + i * 60_000, Date.now(), Date.now()).lastInsertRowid);
          if (i === 0) first = id;
          last = id;
        }
      })();
      return { first, last };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ($1, $2, now(), now()) ON CONFLICT DO NOTHING',
      [userId, 'UTC'],
    );
    await client.query(
      "INSERT INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES ($1, 'Inbox', 'inbox', true, now(), now()) ON CONFLICT DO NOTHING",
      [userId],
    );
    await client.query(
      "INSERT INTO list_members (list_id, user_id, role, joined_at) SELECT id, owner_id, 'owner', created_at FROM lists WHERE owner_id = $1 AND inbox ON CONFLICT DO NOTHING",
      [userId],
    );
    const { rows } = await client.query<{ first: string; last: string }>(
      `WITH inserted AS (
         INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
         SELECT $1, (SELECT id FROM lists WHERE owner_id = $1 AND inbox), 'seeded ' || i, '', timestamptz '2027-01-01' + i * interval '1 minute', 'low', 'pending', now(), now()
         FROM generate_series(0, $2 - 1) AS i RETURNING id)
       SELECT min(id) AS first, max(id) AS last FROM inserted`,
      [userId, count],
    );
    // Fresh statistics, as autovacuum would give a long-running database, so the planner uses the index.
    await client.query('ANALYZE tasks');
    return { first: BigInt(rows[0]!.first), last: BigInt(rows[0]!.last) };
  } finally {
    await client.end();
  }
}
