import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { TASK_EVENTS_TOPIC } from '../../src/events/event-bus.js';
import { serveTickler, type ServeProcess } from '../support/cli.js';
import { graphqlData, openWsClient, subscribeSse, subscribeWs } from '../support/graphql-client.js';
import { createPostgresDatabase, type TestPostgresDatabase } from '../support/postgres.js';
import { scrapeMetrics } from '../support/prometheus.js';
import { waitUntil } from '../webhooks/support/receiver.js';
import { CreateTaskMutation, TaskChangedSubscription, UpdateTaskMutation } from './documents.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two service processes sharing PostgreSQL and Redis', () => {
  let dataDir: string;
  let postgres: TestPostgresDatabase;
  let redis: Redis;
  let a: ServeProcess;
  let b: ServeProcess;
  let client: Client | undefined;
  // A user of its own, so other runs on the same Redis cannot interfere.
  const user = `two-proc-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-two-'));
    postgres = await createPostgresDatabase();
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const env = { DATA_DIR: dataDir, DATABASE_URL: postgres.url, REDIS_URL, LOG_LEVEL: 'info' };
    // One after the other: the first start creates the signing key both processes share.
    a = await serveTickler(env);
    b = await serveTickler(env);
  });
  afterAll(async () => {
    await client?.dispose();
    await Promise.all([a?.stop(), b?.stop()]);
    redis?.disconnect();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const target = (process: ServeProcess) => ({
    url: process.url,
    token: async (userId: string) => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId, ttlSeconds: 600 }),
  });

  /** Waits until Redis counts `count` subscribers on the user's channel (one per process listening for them). */
  async function waitForRedisSubscribers(count: number) {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const [, subscribers] = (await redis.pubsub('NUMSUB', `${TASK_EVENTS_TOPIC}:${user}`)) as [string, number];
      if (Number(subscribers) >= count) return;
      if (Date.now() > deadline) throw new Error('subscriptions on process B never reached Redis');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('a change made through process A reaches subscribers on process B over WebSocket and SSE', async () => {
    expect(a.url).not.toBe(b.url);
    client = openWsClient(b, `Bearer ${await target(b).token(user)}`);
    const ws = subscribeWs(client, TaskChangedSubscription);
    const sse = await subscribeSse(target(b), user, TaskChangedSubscription);
    // Process B holds one Redis subscription per user, shared by its local subscribers. Each subscription
    // counts as active once it knows where it starts (everything committed after that reaches it).
    await waitForRedisSubscribers(1);
    for (const transport of ['ws', 'sse']) {
      await waitUntil(
        async () => (await scrapeMetrics(b.url)).count('subscriptions_active', { transport }) === 1,
        `the ${transport} subscription to be active on process B`,
      );
    }

    const created = (await graphqlData(target(a), user, CreateTaskMutation, { input: { title: 'made on A' } })).createTask!;
    for (const inbox of [ws.inbox, sse.inbox]) {
      expect((await inbox.next()).data?.taskChanged).toMatchObject({ type: 'CREATED', task: { id: created.id, title: 'made on A' } });
    }

    const token = await target(a).token(user);
    const rest = await fetch(`${a.url}/tasks/${created.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(rest.status).toBe(204);
    for (const inbox of [ws.inbox, sse.inbox]) {
      expect((await inbox.next()).data?.taskChanged).toMatchObject({ type: 'COMPLETED', task: { id: created.id, status: 'COMPLETED' } });
    }

    await graphqlData(target(a), user, UpdateTaskMutation, { input: { id: created.id, description: 'edited on A' } });
    for (const inbox of [ws.inbox, sse.inbox]) {
      expect((await inbox.next()).data?.taskChanged).toMatchObject({ type: 'UPDATED', task: { description: 'edited on A' } });
    }
    // Each event is delivered once, although both processes run an outbox relay: events arrive in order,
    // so the next one after a later change is that change, not a second copy of an earlier one.
    const marker = (await graphqlData(target(b), user, CreateTaskMutation, { input: { title: 'made on B' } })).createTask!;
    for (const inbox of [ws.inbox, sse.inbox]) {
      expect((await inbox.next()).data?.taskChanged).toMatchObject({ type: 'CREATED', task: { id: marker.id, title: 'made on B' } });
    }
    ws.close();
    sse.close();
  });
});
