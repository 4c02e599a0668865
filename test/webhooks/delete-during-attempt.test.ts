import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { jsonRequest, startTestService } from '../support/test-service.js';
import { startReceiver, waitUntil } from './support/receiver.js';

/**
 * Deleting an endpoint while the dispatcher records a failed attempt to it: both touch the endpoint and
 * its delivery, and must take their locks in the same order, or PostgreSQL ends one with a deadlock
 * (a CI run answered the DELETE with 500). The test holds the attempt log's table lock so the recording
 * stops half-way, lets the DELETE queue behind it, then lets both go.
 */
describe('deleting a webhook endpoint while an attempt to it is being recorded, on postgresql', () => {
  const cleanups = cleanupsAfterEach();

  it('answers 204 and removes the endpoint with its deliveries, with no deadlock', async () => {
    const receiver = await startReceiver(() => ({ status: 500, body: 'down' }));
    cleanups.push(() => receiver.close());
    const service = await startTestService('postgresql', {
      env: { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_SWEEP_INTERVAL: '100ms', WEBHOOK_RETRY_SCHEDULE: '0s,1h', WEBHOOK_TIMEOUT: '2s' },
    });
    cleanups.push(() => service.close());

    const created = await service.request('alice', '/webhooks', jsonRequest('POST', { url: receiver.url }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const holder = new pg.Client({ connectionString: service.databaseUrl });
    const observer = new pg.Client({ connectionString: service.databaseUrl });
    await holder.connect();
    await observer.connect();
    cleanups.push(async () => {
      await holder.end().catch(() => undefined);
      await observer.end().catch(() => undefined);
    });
    const waitingOn = async (pattern: string) => {
      const { rows } = await observer.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE $1`,
        [pattern],
      );
      return rows[0]!.n > 0;
    };

    await holder.query('BEGIN');
    await holder.query('LOCK TABLE webhook_attempts IN EXCLUSIVE MODE');
    const queued = await service.request('alice', `/webhooks/${id}/test`, { method: 'POST' });
    expect(queued.status).toBe(202);
    await waitUntil(() => receiver.received.length === 1, 'the test delivery to reach the receiver');
    await waitUntil(() => waitingOn('%INSERT INTO webhook_attempts%'), 'the attempt to wait for the attempt log', 20_000);

    const deletion = service.request('alice', `/webhooks/${id}`, { method: 'DELETE' });
    await waitUntil(() => waitingOn('%DELETE FROM%webhook_endpoints%'), 'the deletion to wait for the recording', 20_000);
    await holder.query('COMMIT');

    const deleted = await deletion;
    expect(deleted.status, await deleted.clone().text()).toBe(204);
    expect((await service.request('alice', `/webhooks/${id}`)).status).toBe(404);
    const { rows } = await observer.query<{ n: number }>('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [id]);
    expect(rows[0]!.n).toBe(0);
  }, 60_000);
});
