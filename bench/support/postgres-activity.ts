import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../../test/support/postgres.js';

/** A database's cumulative counters from pg_stat_database (pg_stat_statements is not installed). */
export interface PostgresActivity {
  commits: number;
  inserted: number;
  updated: number;
  deleted: number;
}

// A backend reports its counters when it goes idle, at most once a second: wait that long so a run's
// last transactions are counted in its own window, not the next one.
const STATS_FLUSH_MS = 1_500;

export async function readPostgresActivity(databaseName: string): Promise<PostgresActivity> {
  await new Promise((resolve) => setTimeout(resolve, STATS_FLUSH_MS));
  // A fresh connection each time: a session caches its statistics snapshot.
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<Record<keyof PostgresActivity, string>>(
      `SELECT xact_commit AS commits, tup_inserted AS inserted, tup_updated AS updated, tup_deleted AS deleted
       FROM pg_stat_database WHERE datname = $1`,
      [databaseName],
    );
    const row = rows[0];
    if (!row) throw new Error(`no pg_stat_database row for ${databaseName}`);
    return { commits: Number(row.commits), inserted: Number(row.inserted), updated: Number(row.updated), deleted: Number(row.deleted) };
  } finally {
    await client.end();
  }
}

/** What happened between two readings, per request served. */
export function perRequest(before: PostgresActivity, after: PostgresActivity, requests: number): PostgresActivity {
  const per = (key: keyof PostgresActivity) => (after[key] - before[key]) / requests;
  return { commits: per('commits'), inserted: per('inserted'), updated: per('updated'), deleted: per('deleted') };
}
