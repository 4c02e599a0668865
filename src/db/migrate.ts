import type { Config } from '../config.js';

export interface MigrationResult {
  applied: string[];
  modified: string[];
}

export async function applyMigrations(database: Config['database']): Promise<MigrationResult> {
  // Each loads its own driver: a SQLite service never loads pg, nor a PostgreSQL one better-sqlite3.
  if (database.provider === 'postgresql') return (await import('./migrate-postgres.js')).migratePostgres(database.url);
  return (await import('./migrate-sqlite.js')).migrateSqlite(database.url);
}
