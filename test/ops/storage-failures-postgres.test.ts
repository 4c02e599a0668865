import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CreateTaskMutation } from '../graphql/documents.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { createOwnPostgresCluster } from '../support/own-postgres-cluster.js';
import { startTestService } from '../support/test-service.js';
import { readiness, startWriteLoad } from '../support/write-load.js';
import { waitUntil } from '../webhooks/support/receiver.js';

describe('PostgreSQL stopped and started under load', () => {
  const cleanups = cleanupsAfterEach();

  it('answers writes 503 with Retry-After while the server is down, /readyz follows, and recovers by itself losing nothing acknowledged', async () => {
    const cluster = await createOwnPostgresCluster();
    cleanups.push(() => cluster.remove());
    const service = await startTestService('postgresql', { databaseUrl: cluster.url, env: { RATE_LIMIT_USER: '0' } });
    cleanups.push(() => service.close());
    expect(await readiness(service)).toBe(200);

    const load = startWriteLoad(service, 'load-user');
    cleanups.push(() => load.stop());
    await waitUntil(() => load.acknowledged.length >= 5, 'acknowledged writes before the outage', 30_000);

    await cluster.stop();
    await waitUntil(async () => (await readiness(service)) === 503, '/readyz to report the outage', 30_000);
    await waitUntil(() => load.unavailable() >= 3, 'writes answered 503 during the outage', 30_000);
    const graphql = await graphqlRequest(service, 'load-user', CreateTaskMutation, { input: { title: 'during the outage' } });
    expect(graphql.status).toBe(503);
    expect(Number(graphql.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(graphql.body.errors?.[0]?.extensions?.code).toBe('SERVICE_UNAVAILABLE');

    await cluster.start();
    await waitUntil(async () => (await readiness(service)) === 200, '/readyz to recover', 60_000);
    const before = load.acknowledged.length;
    await waitUntil(() => load.acknowledged.length >= before + 5, 'acknowledged writes after the restart', 60_000);
    await load.stop();

    expect(load.unexpected).toEqual([]);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string }>("SELECT id::text AS id FROM tasks WHERE user_id = 'load-user'");
      const stored = new Set(rows.map((row) => row.id));
      expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 240_000);
});
