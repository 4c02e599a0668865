import pg from 'pg';
import { ensureWebBuild } from '../scripts/ensure-web-build.mjs';
import { ADMIN_DATABASE_URL, TEST_DATABASE_PREFIX } from './support/postgres.js';

const STALE_AFTER_SECONDS = 2 * 3600;

/**
 * Builds the web app once for the browser tests (only when its sources changed since the last build),
 * and drops test databases a crashed earlier run left behind, so they do not pile up.
 */
export default async function setup(): Promise<void> {
  ensureWebBuild();
  const client = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 AND
         NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.datname = pg_database.datname)`,
      [`${TEST_DATABASE_PREFIX}%`],
    );
    const cutoff = Math.floor(Date.now() / 1000) - STALE_AFTER_SECONDS;
    for (const { datname } of rows) {
      const createdAt = Number(datname.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
      // Another test run may be using a younger one right now.
      if (Number.isFinite(createdAt) && createdAt < cutoff) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  } finally {
    await client.end();
  }
}
