import type { MigrationFile } from './migration-files.js';

export interface AppliedMigration {
  migration_name: string;
  checksum: string;
  finished_at: unknown;
  rolled_back_at: unknown;
}

/** What a migration run did: the migrations it applied, and applied ones whose file has changed. */
export interface MigrateOptions {
  /** Applies the migrations up to and including this one only (tests of a migration over older data). */
  through?: string | undefined;
}

export interface MigrationResult {
  applied: string[];
  modified: string[];
}

export interface MigrationPlan {
  pending: MigrationFile[];
  /** Applied migrations whose file changed since; reported, as `prisma migrate deploy` does, not fatal. */
  modified: string[];
}

/**
 * Decides what to apply. A migration that started and neither finished nor was rolled back means an
 * earlier run failed half-way: like Prisma (P3009) we refuse to go on until someone resolves it.
 */
export function planMigrations(files: MigrationFile[], applied: AppliedMigration[]): MigrationPlan {
  const failed = applied.find((row) => row.finished_at === null && row.rolled_back_at === null);
  if (failed) {
    throw new Error(
      `migration ${failed.migration_name} failed earlier and was not resolved; fix the database, then mark it rolled back in _prisma_migrations`,
    );
  }
  const done = new Map(
    applied.filter((row) => row.finished_at !== null).map((row) => [row.migration_name, row.checksum]),
  );
  return {
    pending: files.filter((file) => !done.has(file.name)),
    modified: files.filter((file) => done.has(file.name) && done.get(file.name) !== file.checksum).map((f) => f.name),
  };
}
