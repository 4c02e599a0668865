import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { jsonRequest, startTestService } from '../support/test-service.js';
import { waitUntil } from '../webhooks/support/receiver.js';

// A pooled connection checked out for a transaction has no listener of the pool's: if the server drops
// it mid-transaction (restart, failover, an administrator's pg_terminate_backend), node-postgres emits
// 'error' on that client, and unheard that is an uncaught exception that ends the process.
describe('PostgreSQL drops the connection of a transaction in flight', () => {
  const cleanups = cleanupsAfterEach();

  it('answers that request 503, keeps serving, and the task is still completable afterwards', async () => {
    const service = await startTestService('postgresql');
    cleanups.push(() => service.close());
    const created = await service.request('alice', '/tasks', jsonRequest('POST', { title: 'hold me' }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const locker = new pg.Client({ connectionString: service.databaseUrl });
    await locker.connect();
    cleanups.push(() => locker.end());
    await locker.query('BEGIN');
    await locker.query('SELECT id FROM tasks WHERE id = $1 FOR UPDATE', [id]);

    const lockerPid = (await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
    // Watched from outside the locker's transaction: inside it, pg_stat_activity is a snapshot.
    const observer = new pg.Client({ connectionString: service.databaseUrl });
    await observer.connect();
    cleanups.push(() => observer.end());

    const completing = service.request('alice', `/tasks/${id}`, { method: 'DELETE' });
    let waiting: number | undefined;
    await waitUntil(async () => {
      const { rows } = await observer.query<{ pid: number }>(
        'SELECT pid FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))',
        [lockerPid],
      );
      waiting = rows[0]?.pid;
      return waiting !== undefined;
    }, 'the completion to wait on the row lock');
    await observer.query('SELECT pg_terminate_backend($1)', [waiting]);

    const answer = await completing;
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ error: 503 });
    await locker.query('ROLLBACK');

    const again = await service.request('alice', `/tasks/${id}`, { method: 'DELETE' });
    expect(again.status).toBe(204);
  });
});
