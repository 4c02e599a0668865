import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { graphqlData } from '../support/graphql-client.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { CompleteTaskMutation, CreateTaskMutation } from '../graphql/documents.js';
import { startReceiver, verifyWebhook, waitUntil } from './support/receiver.js';

const cleanups = cleanupsAfterEach();

const USER = 'loaded';
const WORKERS = 6;
/** Acknowledged creates before the kill; below the REST list limit (200), so one page shows them all. */
const CREATES_BEFORE_KILL = 90;

async function setup(provider: DatabaseProvider) {
  const env = {
    WEBHOOK_ALLOW_INSECURE: 'true',
    WEBHOOK_TIMEOUT: '1s',
    WEBHOOK_LEASE: '3s',
    WEBHOOK_RETRY_SCHEDULE: '0s,200ms,200ms,200ms,200ms,200ms,200ms,200ms',
  };
  const { dataDir, serve } = await setupTicklerProcesses(provider, { dataDirPrefix: 'tickler-kill-load-', env }, cleanups);
  const token = async () => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: USER, ttlSeconds: 600 });
  return { serve, token };
}

describe.each(PROVIDERS)('kill -9 under write load on %s', (provider) => {
  it('loses no acknowledged create or completion, and every acknowledged change reaches the webhook receiver after the restart', async () => {
    const { serve, token } = await setup(provider);
    // A slow receiver, so deliveries are queued and in flight when the process dies.
    const hook = await startReceiver(() => ({ status: 200, body: 'ok', delayMs: 150 }));
    cleanups.push(() => hook.close());
    const bearer = await token();
    const first = await serve();
    const target = (process: ServeProcess) => ({ url: process.url, token: async () => bearer });
    const rest = (process: ServeProcess, pathname: string, init: RequestInit = {}) =>
      fetch(`${process.url}${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${bearer}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        signal: AbortSignal.timeout(10_000),
      });

    const registered = await rest(first, '/webhooks', { method: 'POST', body: JSON.stringify({ url: hook.url }) });
    expect(registered.status).toBe(201);
    const { secret } = (await registered.json()) as { secret: string };

    // Workers create tasks and complete every other one, through REST and GraphQL alike, until the kill.
    // Only what was answered counts: a request cut off by the kill may or may not have landed.
    const created: string[] = [];
    const completed: string[] = [];
    let killed = false;
    const worker = async (n: number) => {
      for (let i = 0; !killed; i += 1) {
        try {
          const viaRest = (n + i) % 2 === 0;
          let id: string;
          if (viaRest) {
            const response = await rest(first, '/tasks', { method: 'POST', body: JSON.stringify({ title: `w${n} #${i}` }) });
            if (response.status !== 201) throw new Error(`create answered ${response.status}`);
            id = String(((await response.json()) as { id: number }).id);
          } else {
            id = (await graphqlData(target(first), USER, CreateTaskMutation, { input: { title: `w${n} #${i}` } })).createTask!.id;
          }
          created.push(id);
          if (i % 2 === 1) continue;
          if (viaRest) {
            const response = await rest(first, `/tasks/${id}`, { method: 'DELETE' });
            if (response.status !== 204) throw new Error(`completion answered ${response.status}`);
          } else {
            await graphqlData(target(first), USER, CompleteTaskMutation, { id });
          }
          completed.push(id);
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const workers = Promise.all(Array.from({ length: WORKERS }, (_, n) => worker(n)));
    await waitUntil(() => created.length >= CREATES_BEFORE_KILL, `${CREATES_BEFORE_KILL} acknowledged creates`, 60_000);
    killed = true;
    expect(await first.stop('SIGKILL')).toBeNull();
    await workers;
    const acknowledged = { created: [...created], completed: [...completed] };
    const delivered = (type: string) =>
      new Set(hook.received.filter((webhook) => webhook.payload.type === type).map((webhook) => String(webhook.payload.data.task.id)));
    const undelivered = () => [
      ...acknowledged.created.filter((id) => !delivered('task.created').has(id)).map((id) => `created ${id}`),
      ...acknowledged.completed.filter((id) => !delivered('task.completed').has(id)).map((id) => `completed ${id}`),
    ];
    // Otherwise the restart would have nothing to prove.
    expect(undelivered().length).toBeGreaterThan(0);

    const second = await serve();
    const response = await rest(second, '/tasks?status=all&limit=200');
    expect(response.status).toBe(200);
    const tasks = new Map(((await response.json()) as Array<{ id: number; status: string }>).map((task) => [String(task.id), task.status]));
    expect(acknowledged.created.filter((id) => !tasks.has(id))).toEqual([]);
    expect(acknowledged.completed.filter((id) => tasks.get(id) !== 'completed')).toEqual([]);

    await waitUntil(() => undelivered().length === 0, 'every acknowledged change at the receiver', 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}; missing: ${undelivered().join(', ')}`);
    });
    for (const webhook of hook.received) verifyWebhook(secret, webhook);
    await second.stop();
  }, 150_000);
});
