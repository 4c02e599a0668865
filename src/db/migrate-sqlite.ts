import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOpenError } from '../connection-errors.js';
import { readMigrationFiles } from './migration-files.js';
import { planMigrations, type AppliedMigration, type MigrateOptions, type MigrationResult } from './migration-plan.js';
import { makePrivateDirectory, makeSqliteFilesPrivate } from './private-files.js';

// The table exactly as Prisma's SQLite connector creates it, so `prisma migrate deploy` can take over.
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

export function sqliteFilePath(url: string): string {
  return url.replace(/^file:/, '');
}

/** Applies pending migrations; BEGIN IMMEDIATE serialises concurrent migrators on one file. */
export function migrateSqlite(url: string, options: MigrateOptions = {}): MigrationResult {
  const file = sqliteFilePath(url);
  let db: Database.Database;
  try {
    makePrivateDirectory(path.dirname(file));
    makeSqliteFilesPrivate(file);
    db = new Database(file, { timeout: 30_000 });
  } catch (error) {
    // The first contact with DATABASE_URL's file at start: say which setting and what to check.
    throw sqliteOpenError(file, error);
  }
  try {
    db.pragma('journal_mode = WAL');
    // Off while migrating (it cannot change inside the transaction): a migration that rebuilds a table
    // (SQLite cannot add a NOT NULL foreign key column) drops the old one, which would otherwise delete
    // or refuse the rows that point at it. Each migration's result is checked below instead.
    db.pragma('foreign_keys = OFF');
    const files = readMigrationFiles('sqlite', options.through);
    const applied: string[] = [];
    let modified: string[] = [];
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(CREATE_MIGRATIONS_TABLE);
      const rows = db
        .prepare('SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"')
        .all() as AppliedMigration[];
      const plan = planMigrations(files, rows);
      modified = plan.modified;
      const insert = db.prepare(
        'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES (?, ?, ?, ?)',
      );
      const finish = db.prepare(
        'UPDATE "_prisma_migrations" SET finished_at = ?, applied_steps_count = 1 WHERE id = ?',
      );
      for (const file of plan.pending) {
        const id = randomUUID();
        insert.run(id, file.checksum, file.name, Date.now());
        db.exec(file.sql);
        assertForeignKeysHold(db, file.name);
        finish.run(Date.now(), id);
        applied.push(file.name);
      }
      db.exec('COMMIT');
    } catch (error) {
      db.exec('ROLLBACK');
      throw error;
    }
    return { applied, modified };
  } finally {
    db.pragma('foreign_keys = ON');
    db.close();
  }
}

interface ForeignKeyViolation {
  table: string;
  rowid: number | bigint | null;
  parent: string;
}

/** Fails the migration (and so rolls all of it back) when it left rows whose foreign keys point nowhere. */
function assertForeignKeysHold(db: Database.Database, migration: string): void {
  const violations = db.pragma('foreign_key_check') as ForeignKeyViolation[];
  if (violations.length === 0) return;
  const first = violations
    .slice(0, 5)
    .map((v) => `${v.table} row ${String(v.rowid)} → ${v.parent}`)
    .join(', ');
  throw new Error(`migration ${migration} failed: ${violations.length} rows break a foreign key (${first})`);
}
