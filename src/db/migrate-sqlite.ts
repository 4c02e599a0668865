import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { sqliteOpenError } from '../connection-errors.js';
import { readMigrationFiles } from './migration-files.js';
import { planMigrations, type AppliedMigration } from './migration-plan.js';
import { makePrivateDirectory, makeSqliteFilesPrivate } from './private-files.js';
import type { MigrationResult } from './migrate.js';

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
export function migrateSqlite(url: string): MigrationResult {
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
    db.pragma('foreign_keys = ON');
    const files = readMigrationFiles('sqlite');
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
    db.close();
  }
}
