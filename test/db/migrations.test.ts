import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseProvider } from '../../src/config.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { migrationsDir, readMigrationFiles } from '../../src/db/migration-files.js';
import { sqliteFilePath } from '../../src/db/migrate-sqlite.js';
import { runTickler } from '../support/cli.js';
import { createPostgresDatabase } from '../support/postgres.js';

interface MigrationRow {
  id: string;
  checksum: string;
  migration_name: string;
  finished_at: unknown;
  rolled_back_at: unknown;
  applied_steps_count: number;
}

async function migrationRows(provider: DatabaseProvider, url: string): Promise<MigrationRow[]> {
  const sql = 'SELECT id, checksum, migration_name, finished_at, rolled_back_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name';
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url), { readonly: true });
    try {
      return db.prepare(sql).all() as MigrationRow[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<MigrationRow>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function execute(provider: DatabaseProvider, url: string, sql: string): Promise<void> {
  if (provider === 'sqlite') {
    const db = new Database(sqliteFilePath(url));
    db.exec(sql);
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(sql);
  await client.end();
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function freshDatabase(provider: DatabaseProvider): Promise<{ url: string; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-migrate-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  if (provider === 'sqlite') return { url: `file:${path.join(dataDir, 'm.db')}`, dataDir };
  const postgres = await createPostgresDatabase();
  cleanups.push(() => postgres.drop());
  return { url: postgres.url, dataDir };
}

describe.each(['sqlite', 'postgresql'] as const)('migrations on %s', (provider) => {
  const files = readMigrationFiles(provider);

  it('keeps Prisma’s folder layout: <stamp>_<name>/migration.sql and migration_lock.toml', () => {
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.name).toMatch(/^\d{14}_[a-z0-9_]+$/);
    const lock = readFileSync(path.join(migrationsDir(provider), 'migration_lock.toml'), 'utf8');
    expect(lock).toContain(`provider = "${provider}"`);
  });

  it('applies every migration to a fresh database and records it as prisma migrate deploy would', async () => {
    const { url } = await freshDatabase(provider);
    const result = await applyMigrations({ provider, url });
    expect(result.applied).toEqual(files.map((f) => f.name));
    const rows = await migrationRows(provider, url);
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      const sql = readFileSync(path.join(migrationsDir(provider), files[i]!.name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(Number(row.applied_steps_count)).toBe(1);
    }
  });

  it('is a no-op when run again', async () => {
    const { url } = await freshDatabase(provider);
    await applyMigrations({ provider, url });
    const before = await migrationRows(provider, url);
    const again = await applyMigrations({ provider, url });
    expect(again).toEqual({ applied: [], modified: [] });
    expect(await migrationRows(provider, url)).toEqual(before);
  });

  it('refuses to go on after a migration that failed half-way (like Prisma’s P3009)', async () => {
    const { url } = await freshDatabase(provider);
    await applyMigrations({ provider, url });
    await execute(
      provider,
      url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
       VALUES ('00000000-0000-0000-0000-000000000000', 'x', '29990101000000_broken', CURRENT_TIMESTAMP, 0)`,
    );
    await expect(applyMigrations({ provider, url })).rejects.toThrow(/29990101000000_broken failed earlier/);
  });

  it('applies each migration once when several processes start at the same moment', async () => {
    const { url, dataDir } = await freshDatabase(provider);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => runTickler(['migrate'], { DATA_DIR: dataDir, DATABASE_URL: url })),
    );
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const appliedBy = results.filter((r) => r.stderr.startsWith('applied:'));
    expect(appliedBy).toHaveLength(1);
    const rows = await migrationRows(provider, url);
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
  });
});
