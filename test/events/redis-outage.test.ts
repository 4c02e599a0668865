import { randomBytes } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { TASK_EVENTS_TOPIC } from '../../src/events/event-bus.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { scrapeMetrics } from '../support/prometheus.js';
import type { ServeProcess } from '../support/cli.js';
import { graphqlData, openWsClient, subscribeSse, subscribeWs, type Inbox } from '../support/graphql-client.js';
import { startOwnRedis, startTcpGate } from '../support/redis-server.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { waitUntil } from '../webhooks/support/receiver.js';
import { CreateTaskMutation, TaskChangedSubscription, UpdateTaskMutation } from '../graphql/documents.js';
import type { TaskChangedSubscription as TaskChanged } from '../graphql/generated/graphql.js';

const cleanups = cleanupsAfterEach();

type Seen = { type: string; taskId: string };

async function collect(inbox: Inbox<ExecutionResult<TaskChanged>>, count: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  while (seen.length < count) {
    const result = await inbox.next(20_000).catch((error: unknown) => {
      throw new Error(`after ${JSON.stringify(seen)}: ${String(error)}`);
    });
    expect(result.errors).toBeUndefined();
    const change = result.data!.taskChanged;
    seen.push({ type: change.type, taskId: change.task.id });
  }
  return seen;
}

describe('live events across a Redis outage (two instances on one PostgreSQL)', () => {
  it('a subscriber on instance B gets every change made on A while Redis was down and right after it came back, once, in order', async () => {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.close());
    // B reaches Redis through a gate, so the test decides that B's subscriber reconnects after A's
    // publisher did (backoffs decide that in real life): the window in which events used to vanish.
    const gate = await startTcpGate(redis.port);
    cleanups.push(() => gate.shutdown());
    const processes = await setupTicklerProcesses(
      'postgresql',
      { dataDirPrefix: 'tickler-redis-outage-', env: {} },
      cleanups,
    );
    // One after the other: the first start creates the signing key both processes share.
    const a = await processes.serve({ REDIS_URL: redis.url });
    const b = await processes.serve({ REDIS_URL: `redis://127.0.0.1:${gate.port}` });
    const user = `outage-${randomBytes(4).toString('hex')}`;
    const key = await loadOrCreateLocalSigningKey(processes.dataDir);
    const target = (process: ServeProcess) => ({
      url: process.url,
      token: (userId: string) => issueLocalToken({ key, userId, ttlSeconds: 600 }),
    });
    const db = new pg.Client({ connectionString: processes.url });
    await db.connect();
    cleanups.push(() => db.end());

    const client = openWsClient(b, `Bearer ${await target(b).token(user)}`);
    cleanups.push(() => client.dispose());
    const ws = subscribeWs(client, TaskChangedSubscription);
    const sse = await subscribeSse(target(b), user, TaskChangedSubscription);
    cleanups.push(() => {
      ws.close();
      sse.close();
    });
    await waitUntil(async () => (await redis.subscribers(`${TASK_EVENTS_TOPIC}:${user}`)) >= 1, "B's subscription in Redis");
    // Each subscription counts as active once it knows where it starts: every later change reaches it.
    for (const transport of ['ws', 'sse']) {
      await waitUntil(
        async () => (await scrapeMetrics(b.url)).count('subscriptions_active', { transport }) === 1,
        `the ${transport} subscription to be active on B`,
      );
    }

    const expected: Seen[] = [];
    const create = async (title: string) => {
      const task = (await graphqlData(target(a), user, CreateTaskMutation, { input: { title } })).createTask!;
      expected.push({ type: 'CREATED', taskId: task.id });
      return task.id;
    };
    const complete = async (taskId: string) => {
      const token = await target(a).token(user);
      const response = await fetch(`${a.url}/tasks/${taskId}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(204);
      expected.push({ type: 'COMPLETED', taskId });
    };
    const rename = async (taskId: string, title: string) => {
      await graphqlData(target(a), user, UpdateTaskMutation, { input: { id: taskId, title } });
      expected.push({ type: 'UPDATED', taskId });
    };
    const allPublished = async () => {
      const { rows } = await db.query<{ pending: string }>('SELECT count(*) AS pending FROM events WHERE published_at IS NULL');
      return Number(rows[0]!.pending) === 0;
    };

    await create('before the outage');
    expect(await collect(ws.inbox, 1)).toEqual(expected);
    expect(await collect(sse.inbox, 1)).toEqual(expected);
    const before = expected.length;

    // Redis goes down; A keeps acknowledging changes (they wait in the outbox).
    await redis.stop();
    gate.close();
    const first = await create('while Redis is down 1');
    await complete(first);
    const second = await create('while Redis is down 2');
    await rename(second, 'renamed while Redis is down');

    // Redis is back for A; B's subscriber is still reconnecting. A publishes what waited and what comes now.
    await redis.start();
    await create('right after Redis is back 1');
    await complete(second);
    await create('right after Redis is back 2');
    // Generous: on a busy CI machine the reconnect and the relay's next pass can take a while.
    await waitUntil(allPublished, 'A publishing the outbox to the restarted Redis', 60_000);

    // B reconnects; then live again.
    gate.open();
    await waitUntil(async () => (await redis.subscribers(`${TASK_EVENTS_TOPIC}:${user}`)) >= 1, "B's subscription back in Redis", 20_000);
    await create('after B is back');

    const wanted = expected.slice(before);
    expect(await collect(ws.inbox, wanted.length)).toEqual(wanted);
    expect(await collect(sse.inbox, wanted.length)).toEqual(wanted);
    // Once: nothing is delivered twice. Changes arrive in order, so the next one after a last change is
    // that change, not a second copy of an earlier one.
    await create('the last change');
    expect(await collect(ws.inbox, 1)).toEqual(expected.slice(-1));
    expect(await collect(sse.inbox, 1)).toEqual(expected.slice(-1));
  }, 150_000);
});
