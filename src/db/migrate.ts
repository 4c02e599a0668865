import type { Config } from '../config.js';
import { migratePostgres } from './migrate-postgres.js';
import { migrateSqlite } from './migrate-sqlite.js';

export interface MigrationResult {
  applied: string[];
  modified: string[];
}

export async function applyMigrations(database: Config['database']): Promise<MigrationResult> {
  return database.provider === 'postgresql' ? migratePostgres(database.url) : migrateSqlite(database.url);
}
