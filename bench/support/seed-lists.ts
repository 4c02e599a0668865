import Database from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseProvider } from '../../src/config.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';

export interface ListsShape {
  /** Lists the user owns, their Inbox among them. */
  own: number;
  /** Lists another user owns and shares with the user (as editor). */
  shared: number;
  /** Pending tasks spread evenly over all of them, due one minute apart. */
  tasks: number;
}

/**
 * A user in many lists, some shared by `friendId`, straight through the driver: users, lists (the
 * Inbox first), memberships and tasks round-robin over the lists.
 */
export async function seedListsUser(provider: DatabaseProvider, url: string, userId: string, friendId: string, shape: ListsShape): Promise<void> {
  const lists: { owner: string; name: string; inbox: boolean }[] = [
    ...Array.from({ length: shape.own }, (_, i) => ({ owner: userId, name: i === 0 ? 'Inbox' : `Own ${i}`, inbox: i === 0 })),
    { owner: friendId, name: 'Inbox', inbox: true },
    ...Array.from({ length: shape.shared }, (_, i) => ({ owner: friendId, name: `Shared ${i + 1}`, inbox: false })),
  ];
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url));
    try {
      const now = Date.now();
      db.transaction(() => {
        for (const user of [userId, friendId]) {
          db.prepare('INSERT OR IGNORE INTO users (id, time_zone, created_at, updated_at) VALUES (?, ?, ?, ?)').run(user, 'UTC', now, now);
        }
        const ids: number[] = [];
        const owners: string[] = [];
        for (const list of lists) {
          const id = Number(
            db
              .prepare('INSERT INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
              .run(list.owner, list.name, list.name.toLowerCase(), list.inbox ? 1 : 0, now, now).lastInsertRowid,
          );
          db.prepare("INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES (?, ?, 'owner', ?)").run(id, list.owner, now);
          if (list.owner === friendId && !list.inbox) {
            db.prepare("INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES (?, ?, 'editor', ?)").run(id, userId, now);
          }
          if (list.owner === userId || !list.inbox) {
            ids.push(id);
            owners.push(list.owner);
          }
        }
        const insert = db.prepare(
          `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
           VALUES (?, ?, ?, '', ?, 'low', 'pending', ?, ?)`,
        );
        const base = Date.UTC(2027, 0, 1);
        for (let i = 0; i < shape.tasks; i += 1) {
          insert.run(owners[i % ids.length]!, ids[i % ids.length]!, `seeded ${i}`, base + i * 60_000, now, now);
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
    await client.query('BEGIN');
    for (const user of [userId, friendId]) {
      await client.query("INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ($1, 'UTC', now(), now()) ON CONFLICT DO NOTHING", [user]);
    }
    const ids: string[] = [];
    const owners: string[] = [];
    for (const list of lists) {
      const { rows } = await client.query<{ id: string }>(
        'INSERT INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES ($1, $2, $3, $4, now(), now()) RETURNING id',
        [list.owner, list.name, list.name.toLowerCase(), list.inbox],
      );
      const id = rows[0]!.id;
      await client.query("INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, 'owner', now())", [id, list.owner]);
      if (list.owner === friendId && !list.inbox) {
        await client.query("INSERT INTO list_members (list_id, user_id, role, joined_at) VALUES ($1, $2, 'editor', now())", [id, userId]);
      }
      if (list.owner === userId || !list.inbox) {
        ids.push(id);
        owners.push(list.owner);
      }
    }
    await client.query(
      `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
       SELECT ($3::text[])[1 + i % $4], ($2::bigint[])[1 + i % $4], 'seeded ' || i, '', timestamptz '2027-01-01' + i * interval '1 minute', 'low', 'pending', now(), now()
       FROM generate_series(0, $1 - 1) AS i`,
      [shape.tasks, ids, owners, ids.length],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE tasks');
    await client.query('ANALYZE list_members');
  } finally {
    await client.end();
  }
}
