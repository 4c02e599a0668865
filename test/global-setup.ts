import pg from 'pg';
import { ADMIN_DATABASE_URL, TEST_DATABASE_PREFIX } from './support/postgres.js';

/** Drops test databases a crashed earlier run left behind, so they do not pile up. */
export default async function setup(): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND
         NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = pg_database.datname)`,
      [`${TEST_DATABASE_PREFIX}%`],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS "${datname}"`);
  } finally {
    await client.end();
  }
}
