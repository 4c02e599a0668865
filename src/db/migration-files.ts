import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { DatabaseProvider } from '../config.js';

export interface MigrationFile {
  name: string;
  sql: string;
  /** sha256 of migration.sql, the same checksum `prisma migrate deploy` records. */
  checksum: string;
}

// The project's prisma/ folder: two levels up from src/db/, three from the build's dist/src/db/.
const PRISMA_DIR = ['../../prisma/', '../../../prisma/']
  .map((relative) => fileURLToPath(new URL(relative, import.meta.url)))
  .find((dir) => existsSync(path.join(dir, 'sqlite', 'migrations'))) ?? fileURLToPath(new URL('../../prisma/', import.meta.url));

export function migrationsDir(provider: DatabaseProvider): string {
  return path.join(PRISMA_DIR, provider, 'migrations');
}

/** The provider's migrations in the order Prisma applies them (folder name order); `through` ends the list there. */
export function readMigrationFiles(provider: DatabaseProvider, through?: string): MigrationFile[] {
  const dir = migrationsDir(provider);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .filter((name) => through === undefined || name <= through)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}
