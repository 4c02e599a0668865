import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { startReceiver, verifyWebhook, waitUntil } from './support/receiver.js';

const TASKS = 20;

const cleanups = cleanupsAfterEach();

async function setup(provider: DatabaseProvider) {
  const env = {
    WEBHOOK_ALLOW_INSECURE: 'true',
    WEBHOOK_TIMEOUT: '1s',
    // Longer than a restart takes, so the restarted process starts while the dead one's claims still hold.
    WEBHOOK_LEASE: '5s',
    // Longer than the test waits: what the dead process held must come back through the restarted
    // dispatcher's own pass once the lease runs out, not through a sweep job that may wait for the dead
    // process's Agenda lock.
    WEBHOOK_SWEEP_INTERVAL: '30s',
    WEBHOOK_RETRY_SCHEDULE: '0s,200ms,200ms,200ms,200ms,200ms,200ms,200ms',
  };
  const { dataDir, serve } = await setupTicklerProcesses(provider, { dataDirPrefix: 'tickler-webhook-kill-', env }, cleanups);
  const token = async () => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: 'kim', ttlSeconds: 600 });
  return { serve, token };
}

async function call(process: ServeProcess, token: string, pathname: string, init: RequestInit = {}) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers };
  return fetch(`${process.url}${pathname}`, { ...init, headers });
}

describe.each(PROVIDERS)('webhook delivery across a kill -9 on %s', (provider) => {
  it('loses nothing: deliveries in flight and queued when the process dies all arrive after a restart', async () => {
    const { serve, token } = await setup(provider);
    // Stalls every request until the process that sent it is gone.
    const hook = await startReceiver(() => ({ status: 200, hang: true }));
    cleanups.push(() => hook.close());

    const first = await serve();
    const bearer = await token();
    const registered = await call(first, bearer, '/webhooks', { method: 'POST', body: JSON.stringify({ url: hook.url }) });
    expect(registered.status).toBe(201);
    const { id, secret } = (await registered.json()) as { id: number; secret: string };

    const taskIds: number[] = [];
    for (let i = 0; i < TASKS; i += 1) {
      const created = await call(first, bearer, '/tasks', { method: 'POST', body: JSON.stringify({ title: `task ${i}` }) });
      expect(created.status).toBe(201);
      taskIds.push(((await created.json()) as { id: number }).id);
    }
    await waitUntil(() => hook.open() > 0, 'a delivery in flight');
    expect(await first.stop('SIGKILL')).toBeNull();

    const stalled = hook.received.length;
    hook.respondWith(() => ({ status: 200, body: 'ok' }));
    const second = await serve();
    const deliveredTaskIds = () => new Set(hook.received.slice(stalled).map((w) => w.payload.data.task.id as number));
    await waitUntil(() => deliveredTaskIds().size === TASKS, `all ${TASKS} events after the restart`, 20_000);
    expect([...deliveredTaskIds()].sort((a, b) => a - b)).toEqual(taskIds);
    for (const webhook of hook.received) verifyWebhook(secret, webhook);
    // A retried event keeps its webhook-id, so the receiver sees exactly one id per task.
    const idsByTask = new Map<number, Set<string>>();
    for (const webhook of hook.received) {
      const taskId = webhook.payload.data.task.id as number;
      idsByTask.set(taskId, (idsByTask.get(taskId) ?? new Set()).add(webhook.id));
    }
    expect([...idsByTask.values()].every((ids) => ids.size === 1)).toBe(true);

    // The restarted service's log agrees: every delivery ended delivered.
    await waitUntil(async () => {
      const attempts = (await (await call(second, bearer, `/webhooks/${id}/deliveries?limit=100`)).json()) as Array<Record<string, any>>;
      const delivered = new Set(attempts.filter((a) => a.statusCode === 200).map((a) => a.deliveryId));
      return delivered.size === TASKS && attempts.every((a) => a.deliveryState === 'delivered');
    }, 'every delivery logged as delivered');
    await second.stop();
  });
});
