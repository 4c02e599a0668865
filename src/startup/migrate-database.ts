import type { Config } from '../config.js';
import { applyMigrations } from '../db/migrate.js';
import type { Logger } from '../logger.js';

/** Brings the schema up to date before anything opens the database, saying what it applied. */
export async function migrateDatabase(database: Config['database'], logger: Logger): Promise<void> {
  const migrations = await applyMigrations(database);
  if (migrations.applied.length > 0) logger.info({ applied: migrations.applied }, 'migrations applied');
  if (migrations.modified.length > 0) {
    logger.warn({ modified: migrations.modified }, 'applied migrations were modified after they were applied');
  }
}
