/**
 * The benchmark's baseline: the same three operations on raw node:http and the same database driver,
 * with no framework, no validation beyond JSON parsing, and no auth. Like Tickler, a create or a
 * completion writes its outbox event in the same transaction as the change. Usage:
 *   node --import tsx bench/baseline-server.ts <sqlite|postgresql> <database url> <port>
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import Database from 'better-sqlite3';
import pg from 'pg';
import { sqliteFilePath } from '../src/db/migrate-sqlite.js';

const [provider, url, port] = process.argv.slice(2) as [string, string, string];
const USER = 'bench-baseline';

interface Row {
  id: number | string;
  title: string;
  description: string;
  due_at: number | Date | null;
  priority: string;
  status: string;
}

interface Store {
  list(limit: number): Promise<Row[]>;
  create(title: string, description: string, dueAt: Date | null): Promise<Row>;
  complete(id: string): Promise<void>;
}

function sqliteStore(): Store {
  const db = new Database(sqliteFilePath(url));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The same two index-ordered steps as Tickler: dated tasks first, then undated ones.
  const listDated = db.prepare(
    `SELECT id, title, description, due_at, priority, status FROM tasks
     WHERE user_id = ? AND status = 'pending' AND due_at IS NOT NULL ORDER BY due_at, id LIMIT ?`,
  );
  const listUndated = db.prepare(
    `SELECT id, title, description, due_at, priority, status FROM tasks
     WHERE user_id = ? AND status = 'pending' AND due_at IS NULL ORDER BY id LIMIT ?`,
  );
  const insert = db.prepare(
    `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
     VALUES (@user, (SELECT id FROM lists WHERE owner_id = @user AND inbox), @title, @description, @dueAt, 'low', 'pending', @now, @now)
     RETURNING id, title, description, due_at, priority, status`,
  );
  const complete = db.prepare(
    `UPDATE tasks SET status = 'completed', completed_at = ?, updated_at = ? WHERE id = ? AND user_id = ? AND status = 'pending'
     RETURNING id, title, description, due_at, priority, status`,
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const createWithEvent = db.transaction((title: string, description: string, dueAt: Date | null) => {
    const now = Date.now();
    const row = insert.get({ user: USER, title, description, dueAt: dueAt?.getTime() ?? null, now }) as Row;
    insertEvent.run(randomUUID(), 'task.created', USER, row.id, now, JSON.stringify(view(row)));
    return row;
  });
  const completeWithEvent = db.transaction((id: string) => {
    const now = Date.now();
    const row = complete.get(now, now, BigInt(id), USER) as Row | undefined;
    if (row) insertEvent.run(randomUUID(), 'task.completed', USER, row.id, now, JSON.stringify(view(row)));
  });
  return {
    list: async (limit) => {
      const dated = listDated.all(USER, limit) as Row[];
      return dated.length === limit ? dated : [...dated, ...(listUndated.all(USER, limit - dated.length) as Row[])];
    },
    create: async (title, description, dueAt) => createWithEvent(title, description, dueAt),
    complete: async (id) => {
      completeWithEvent(id);
    },
  };
}

function postgresStore(): Store {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  return {
    list: async (limit) =>
      (
        await pool.query<Row>(
          `SELECT id, title, description, due_at, priority, status FROM tasks WHERE user_id = $1 AND status = 'pending'
           ORDER BY due_at ASC NULLS LAST, id LIMIT $2`,
          [USER, limit],
        )
      ).rows,
    create: (title, description, dueAt) =>
      inTransaction(pool, async (client) => {
        const row = (
          await client.query<Row>(
            `INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at)
             VALUES ($1, (SELECT id FROM lists WHERE owner_id = $1 AND inbox), $2, $3, $4, 'low', 'pending', now(), now()) RETURNING id, title, description, due_at, priority, status`,
            [USER, title, description, dueAt],
          )
        ).rows[0]!;
        await insertEventPg(client, 'task.created', row);
        return row;
      }),
    complete: (id) =>
      inTransaction(pool, async (client) => {
        const row = (
          await client.query<Row>(
            `UPDATE tasks SET status = 'completed', completed_at = now(), updated_at = now()
             WHERE id = $1 AND user_id = $2 AND status = 'pending' RETURNING id, title, description, due_at, priority, status`,
            [id, USER],
          )
        ).rows[0];
        if (row) await insertEventPg(client, 'task.completed', row);
      }),
  };
}

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

async function insertEventPg(client: pg.PoolClient, type: string, row: Row): Promise<void> {
  await client.query(
    'INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ($1, $2, $3, $4, now(), $5)',
    [randomUUID(), type, USER, row.id, JSON.stringify(view(row))],
  );
}

const store = provider === 'postgresql' ? postgresStore() : sqliteStore();

const view = (row: Row) => ({
  id: Number(row.id),
  title: row.title,
  description: row.description,
  dueAt: row.due_at === null ? null : new Date(row.due_at).toISOString(),
  priority: row.priority,
  status: row.status,
});

function send(res: http.ServerResponse, status: number, body?: unknown) {
  if (body === undefined) {
    res.writeHead(status).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

const server = http.createServer((req, res) => {
  const [pathname, query = ''] = (req.url ?? '/').split('?');
  const handle = async () => {
    if (req.method === 'GET' && pathname === '/tasks') {
      const limit = Number(new URLSearchParams(query).get('limit') ?? 50);
      return send(res, 200, (await store.list(limit)).map(view));
    }
    if (req.method === 'POST' && pathname === '/tasks') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { title: string; description?: string; dueAt?: string };
      const row = await store.create(body.title, body.description ?? '', body.dueAt ? new Date(body.dueAt) : null);
      res.setHeader('location', `/tasks/${row.id}`);
      return send(res, 201, view(row));
    }
    const match = /^\/tasks\/(\d+)$/.exec(pathname ?? '');
    if (req.method === 'DELETE' && match) {
      await store.complete(match[1]!);
      return send(res, 204);
    }
    return send(res, 404, { error: 404, message: 'not found' });
  };
  handle().catch(() => send(res, 500, { error: 500, message: 'error' }));
});

server.listen(Number(port), '127.0.0.1', () => {
  process.stdout.write(`baseline listening on ${port}\n`);
});

// An exit rather than death by signal, so `node --cpu-prof` (bench/profile.ts) writes its profile.
process.once('SIGTERM', () => process.exit(0));
