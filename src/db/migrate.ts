import type { Config } from '../config.js';
import type { MigrateOptions, MigrationResult } from './migration-plan.js';

export async function applyMigrations(database: Config['database'], options: MigrateOptions = {}): Promise<MigrationResult> {
  // Each loads its own driver: a SQLite service never loads pg, nor a PostgreSQL one better-sqlite3.
  if (database.provider === 'postgresql') return (await import('./migrate-postgres.js')).migratePostgres(database.url, options);
  return (await import('./migrate-sqlite.js')).migrateSqlite(database.url, options);
}
