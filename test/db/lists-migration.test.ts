import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { readMigrationFiles } from '../../src/db/migration-files.js';
import { createPostgresDatabase } from '../support/postgres.js';

const LISTS_MIGRATION = '20261128100000_lists_and_sharing';

/** Runs statements in order on a connection of the provider; answers the last one's rows. */
async function run(provider: DatabaseProvider, url: string, statements: string[]): Promise<Array<Record<string, unknown>>> {
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url));
    try {
      let rows: Array<Record<string, unknown>> = [];
      for (const sql of statements) {
        const statement = db.prepare(sql);
        rows = statement.reader ? (statement.all() as Array<Record<string, unknown>>) : (statement.run(), []);
      }
      return rows;
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Array<Record<string, unknown>> = [];
    for (const sql of statements) rows = (await client.query(sql)).rows as Array<Record<string, unknown>>;
    return rows;
  } finally {
    await client.end();
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDatabase(provider: DatabaseProvider): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-lists-migration-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (provider === 'sqlite') return `file:${path.join(dataDir, 'm.db')}`;
  const postgres = await createPostgresDatabase();
  cleanups.push(() => postgres.drop());
  return postgres.url;
}

describe.each(['sqlite', 'postgresql'] as const)('the lists migration on %s', (provider) => {
  const previous = readMigrationFiles(provider).map((f) => f.name).filter((name) => name < LISTS_MIGRATION).at(-1)!;
  const instant = (iso: string) => (provider === 'sqlite' ? String(Date.parse(iso)) : `'${iso}'`);
  const yes = provider === 'sqlite' ? '1' : 'true';

  it('gives every existing user an Inbox and moves their tasks into it, keeping what hangs off the tasks', async () => {
    const url = await freshDatabase(provider);
    await applyMigrations({ provider, url }, { through: previous });
    const at = instant('2026-11-20T10:00:00.000Z');
    await run(provider, url, [
      `INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ('alice', 'Europe/Berlin', ${at}, ${at}), ('bob', 'UTC', ${at}, ${at}), ('carol', 'UTC', ${at}, ${at})`,
      `INSERT INTO tasks (id, user_id, title, description, priority, status, created_at, updated_at, due_at, remind_before, recurrence, due_local)
       VALUES (1, 'alice', 'a1', 'd', 'high', 'pending', ${at}, ${at}, ${at}, 10, 'FREQ=DAILY', '2026-11-20T11:00:00'),
              (2, 'bob', 'b1', '', 'low', 'completed', ${at}, ${at}, NULL, NULL, NULL, NULL),
              (3, 'alice', 'a2', '', 'medium', 'pending', ${at}, ${at}, NULL, NULL, NULL, NULL),
              (4, 'alice', 'gone', '', 'low', 'pending', ${at}, ${at}, NULL, NULL, NULL, NULL)`,
      // Task 4 was deleted: its id must never be given out again. (Explicit ids do not move PostgreSQL's
      // sequence as they move SQLite's; here it is moved as the service's inserts would have.)
      'DELETE FROM tasks WHERE id = 4',
      ...(provider === 'postgresql' ? ["SELECT setval('tasks_id_seq', 4)"] : []),
      `INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at) VALUES (1, 'alice', 10, ${at}, ${at}, 'scheduled', ${at})`,
      `INSERT INTO task_completions (task_id, user_id, occurrence_at, completed_at) VALUES (1, 'alice', ${at}, ${at})`,
      "INSERT INTO task_import_keys (task_id, user_id, key) VALUES (3, 'alice', 'k3')",
    ]);

    const result = await applyMigrations({ provider, url });
    expect(result.applied[0]).toBe(LISTS_MIGRATION);

    const lists = await run(provider, url, ['SELECT id, owner_id, name, name_key, inbox, color, members_can_invite FROM lists ORDER BY owner_id']);
    expect(lists.map((l) => [l.owner_id, l.name, l.name_key, Boolean(l.inbox), l.color, Boolean(l.members_can_invite)])).toEqual([
      ['alice', 'Inbox', 'inbox', true, null, false],
      ['bob', 'Inbox', 'inbox', true, null, false],
      ['carol', 'Inbox', 'inbox', true, null, false],
    ]);
    const inboxOf = new Map(lists.map((l) => [l.owner_id as string, String(l.id)]));
    const members = await run(provider, url, ['SELECT list_id, user_id, role FROM list_members ORDER BY user_id']);
    expect(members.map((m) => [String(m.list_id), m.user_id, m.role])).toEqual([
      [inboxOf.get('alice'), 'alice', 'owner'],
      [inboxOf.get('bob'), 'bob', 'owner'],
      [inboxOf.get('carol'), 'carol', 'owner'],
    ]);

    const tasks = await run(provider, url, [
      'SELECT id, user_id, list_id, assignee_id, title, description, priority, status, remind_before, recurrence, due_local FROM tasks ORDER BY id',
    ]);
    expect(tasks.map((t) => [Number(t.id), t.user_id, String(t.list_id), t.assignee_id, t.title, t.priority, t.status])).toEqual([
      [1, 'alice', inboxOf.get('alice'), null, 'a1', 'high', 'pending'],
      [2, 'bob', inboxOf.get('bob'), null, 'b1', 'low', 'completed'],
      [3, 'alice', inboxOf.get('alice'), null, 'a2', 'medium', 'pending'],
    ]);
    expect([tasks[0]!.description, Number(tasks[0]!.remind_before), tasks[0]!.recurrence, tasks[0]!.due_local]).toEqual([
      'd', 10, 'FREQ=DAILY', '2026-11-20T11:00:00',
    ]);

    // The rows that point at tasks still do, and still go with their task.
    const counts = await run(provider, url, [
      "SELECT (SELECT count(*) FROM reminders WHERE task_id = 1) AS reminders, (SELECT count(*) FROM task_completions WHERE task_id = 1) AS completions, (SELECT count(*) FROM task_import_keys WHERE task_id = 3) AS keys",
    ]);
    expect(Object.values(counts[0]!).map(Number)).toEqual([1, 1, 1]);
    const after = await run(provider, url, [
      ...(provider === 'sqlite' ? ['PRAGMA foreign_keys = ON'] : []),
      'DELETE FROM tasks WHERE id = 1',
      "SELECT (SELECT count(*) FROM reminders) AS reminders, (SELECT count(*) FROM task_completions) AS completions",
    ]);
    expect(Object.values(after[0]!).map(Number)).toEqual([0, 0]);

    // New tasks continue after the highest id ever given out (4, deleted), and need a list.
    const inserted = await run(provider, url, [
      `INSERT INTO tasks (user_id, list_id, title, created_at, updated_at) VALUES ('bob', ${inboxOf.get('bob')}, 'new', ${at}, ${at}) RETURNING id`,
    ]);
    expect(Number(inserted[0]!.id)).toBe(5);

    if (provider === 'sqlite') {
      expect(await run(provider, url, ['PRAGMA foreign_key_check'])).toEqual([]);
    }
  });

  it('keeps one Inbox per user and lets priority take only its four values', async () => {
    const url = await freshDatabase(provider);
    await applyMigrations({ provider, url });
    const at = instant('2026-11-20T10:00:00.000Z');
    await run(provider, url, [`INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ('dan', 'UTC', ${at}, ${at})`]);
    // Different names, so only the one-Inbox rule can refuse the second.
    const insertInbox = (name: string) =>
      `INSERT INTO lists (owner_id, name, name_key, inbox, created_at, updated_at) VALUES ('dan', '${name}', '${name}', ${yes}, ${at}, ${at})`;
    await run(provider, url, [insertInbox('inbox')]);
    await expect(run(provider, url, [insertInbox('other')])).rejects.toThrow(/unique/i);
    const [list] = await run(provider, url, ['SELECT id FROM lists']);
    await expect(
      run(provider, url, [
        `INSERT INTO tasks (user_id, list_id, title, priority, created_at, updated_at) VALUES ('dan', ${String(list!.id)}, 't', 'p1', ${at}, ${at})`,
      ]),
    ).rejects.toThrow(/check/i);
    await run(provider, url, [
      `INSERT INTO tasks (user_id, list_id, title, priority, created_at, updated_at) VALUES ('dan', ${String(list!.id)}, 't', 'urgent', ${at}, ${at})`,
    ]);
  });
});
