import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseProvider } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { createPostgresDatabase } from './postgres.js';

export interface TestDatabase extends Database {
  url: string;
}

/** A migrated, empty database of the provider, for tests of services below the HTTP layer. */
export async function createTestDatabase(provider: DatabaseProvider): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-db-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'test.db')}`;
  await applyMigrations({ provider, url });
  const database = await openDatabase({ provider, url });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
