import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { postgresConnectionError } from '../connection-errors.js';
import { readMigrationFiles } from './migration-files.js';
import { planMigrations, type AppliedMigration, type MigrateOptions, type MigrationResult } from './migration-plan.js';

// The same advisory lock key `prisma migrate` takes, so our migrator and Prisma's exclude each other too.
const MIGRATION_LOCK_KEY = 72707369;

const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Applies pending migrations under a session advisory lock; each migration in its own transaction. */
export async function migratePostgres(url: string, options: MigrateOptions = {}): Promise<MigrationResult> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost while held is reported by the failing query; unheard, the event would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    // The first contact with DATABASE_URL at start (serve, migrate, login): say which setting and what to check.
    throw postgresConnectionError(url, error);
  }
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await client.query(CREATE_MIGRATIONS_TABLE);
      const { rows } = await client.query<AppliedMigration>(
        'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"',
      );
      const plan = planMigrations(readMigrationFiles('postgresql', options.through), rows);
      const applied: string[] = [];
      for (const file of plan.pending) {
        await client.query('BEGIN');
        try {
          const id = randomUUID();
          await client.query(
            'INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ($1, $2, $3)',
            [id, file.checksum, file.name],
          );
          await client.query(file.sql);
          await client.query(
            'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
            [id],
          );
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`migration ${file.name} failed: ${(error as Error).message}`);
        }
        applied.push(file.name);
      }
      return { applied, modified: plan.modified };
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
}
