import type { Config } from '../config.js';
import type { Database } from '../db/database.js';

/**
 * Runs `work` on the service's database, migrated first, then closes it. Safe beside a running service:
 * PostgreSQL takes concurrent clients, and SQLite in WAL mode lets this process write between its writes.
 */
export async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  // Loaded here, not at the top, so that commands without a database (token) start quickly.
  const [{ applyMigrations }, { openDatabase }] = await Promise.all([import('../db/migrate.js'), import('../db/database.js')]);
  await applyMigrations(config.database);
  const database = await openDatabase(config.database, { poolSize: 1 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}
