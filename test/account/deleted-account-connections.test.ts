import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteAccount } from '../../src/account/delete-account.js';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { systemClock } from '../../src/clock.js';
import { createContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';
import { createTaskStore } from '../../src/tasks/store/create-task-store.js';
import { TaskChangedSubscription } from '../graphql/documents.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { subscribeSse, waitForSubscriber, wsUrl } from '../support/graphql-client.js';
import { ACCOUNT_DELETIONS_TOPIC } from '../../src/events/event-bus.js';
import type { ServeProcess } from '../support/cli.js';
import { startOwnRedis, startTcpGate } from '../support/redis-server.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { waitUntil } from '../webhooks/support/receiver.js';
import { openOperationSocket, type OperationSocket } from './support/operation-socket.js';

const cleanups = cleanupsAfterEach();

/** The close a WebSocket of a deleted account gets: graphql-ws's Unauthorized, as for a signed-out session. */
const ACCOUNT_DELETED = { code: 4401, reason: 'Account deleted' };

const CREATE_TASK = 'mutation { createTask(input: { title: "after the deletion" }) { id } }';
const CREATE_WEBHOOK = 'mutation { createWebhookEndpoint(input: { url: "http://127.0.0.1:9/hook" }) { secret } }';
const CREATE_FEED = 'mutation { createCalendarFeed { url } }';
const TASK_CHANGED = 'subscription { taskChanged { type task { title } } }';

/** Rows a deleted account must not have: what the three mutations above would create. */
async function rowsOf(service: TestService, userId: string) {
  const db = service.database.db;
  return {
    tasks: await db.task.count({ where: { userId } }),
    webhookEndpoints: await db.webhookEndpoint.count({ where: { userId } }),
    calendarFeeds: await db.calendarFeed.count({ where: { userId } }),
  };
}

const NO_ROWS = { tasks: 0, webhookEndpoints: 0, calendarFeeds: 0 };

/** What the promise gives, or 'still open' after `ms` (a close that never comes fails the test, not its timeout). */
const within = <T>(promise: Promise<T>, ms = 5_000) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms).unref())]);

/** Resolves once a second has begun after `instant`: a token issued then is newer than a deletion at `instant`. */
async function nextSecondAfter(instant: number): Promise<void> {
  await waitUntil(() => Math.floor(Date.now() / 1000) > Math.floor(instant / 1000), 'the next second');
}

describe.each(PROVIDERS)('live connections of a deleted account on %s', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true' } });
  }, 60_000);
  afterAll(async () => service?.close());

  const open = async (userId: string, token?: string): Promise<OperationSocket> => {
    const socket = await openOperationSocket(wsUrl(service), token ?? (await service.token(userId)));
    cleanups.push(() => socket.close());
    return socket;
  };
  const deleteMe = async (userId: string) => {
    const response = await service.request(userId, '/me', { method: 'DELETE' });
    expect(response.status).toBe(204);
  };

  it('DELETE /me closes its WebSockets (4401 "Account deleted") and ends its event streams at once; another user keeps theirs', async () => {
    const gone = `ws-gone-${provider}`;
    const subscribed = await open(gone);
    const inbox = subscribed.subscribe(TASK_CHANGED);
    const idle = await open(gone);
    const sse = await subscribeSse(service, gone, TaskChangedSubscription);
    cleanups.push(() => sse.close());
    expect(sse.status).toBe(200);
    const other = await open(`ws-kept-${provider}`);
    await waitForSubscriber(service, gone, 2);

    await deleteMe(gone);
    // Told before DELETE /me answered; the closes are on their way.
    expect(await within(subscribed.closed)).toEqual(ACCOUNT_DELETED);
    expect(await within(idle.closed)).toEqual(ACCOUNT_DELETED);
    expect(await within(sse.ended.then(() => 'ended'))).toBe('ended');
    expect(sse.inbox.failure).toBeUndefined();
    await waitUntil(() => service.eventBus.subscriberCount(gone) === 0, 'their subscriptions gone from the bus');
    expect(inbox.values).toEqual([]);
    expect(other.isOpen()).toBe(true);
    expect(await other.run(CREATE_TASK)).toMatchObject({ data: { createTask: { id: expect.any(String) } } });
  });

  it('operations sent on its socket as the account is deleted create nothing', async () => {
    const gone = `ops-gone-${provider}`;
    const socket = await open(gone);
    await deleteMe(gone);
    // Sent as soon as the deletion is answered: refused, or never run because the socket is closed.
    const answers = await Promise.all([socket.run(CREATE_WEBHOOK), socket.run(CREATE_FEED), socket.run(CREATE_TASK)]);
    for (const answer of answers) {
      if (answer !== 'closed') expect(answer).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    expect(await within(socket.closed)).toEqual(ACCOUNT_DELETED);
    expect(await rowsOf(service, gone)).toEqual(NO_ROWS);
  });

  it('a deletion this instance was not told of (its notice lost on the way): each operation on the old socket is refused with UNAUTHENTICATED, then the socket is closed', async () => {
    const gone = `untold-gone-${provider}`;
    const token = await service.token(gone);
    const socket = await open(gone, token);
    expect(await socket.run('{ me { id } }')).toEqual({ data: { me: { id: gone } } });
    // Another instance deleted it, and its notice never came: only the marker in the database tells.
    const deps = { db: service.database.db, clock: systemClock, logger: createLogger('silent'), events: { eventsRecorded: () => undefined }, store: createTaskStore(service.database.raw) };
    await deleteAccount(createContext(deps, gone));
    // This instance reads the marker within its deletion cache's TTL: once HTTP refuses the token, so does the socket.
    await waitUntil(async () => (await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${token}` } })).status === 401, 'the token refused over HTTP');
    expect(socket.isOpen()).toBe(true);
    for (const operation of [CREATE_WEBHOOK, CREATE_FEED, CREATE_TASK]) {
      const answer = await socket.run(operation);
      if (answer === 'closed') break;
      expect(answer).toMatchObject({ errors: [{ message: 'The account of this token has been deleted', extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    expect(await within(socket.closed)).toEqual(ACCOUNT_DELETED);
    expect(await rowsOf(service, gone)).toEqual(NO_ROWS);
  });

  it("an account made again with the same id: the old socket never sees the new account's events", async () => {
    const user = `again-${provider}`;
    const old = await open(user);
    const oldInbox = old.subscribe(TASK_CHANGED);
    await waitForSubscriber(service, user, 1);
    await deleteMe(user);
    const answeredAt = Date.now();
    // Where the old socket is still open it also still answers (and its subscription still listens).
    const oldAnswers = (await old.run('{ __typename }')) !== 'closed';
    if (!oldAnswers) await waitUntil(() => service.eventBus.subscriberCount(user) === 0, 'the old subscription gone from the bus');

    await nextSecondAfter(answeredAt);
    const renewed = await open(user);
    const newInbox = renewed.subscribe(TASK_CHANGED);
    await waitForSubscriber(service, user, oldAnswers ? 2 : 1);
    expect(await renewed.run(CREATE_TASK)).toMatchObject({ data: { createTask: { id: expect.any(String) } } });
    expect(await newInbox.next()).toMatchObject({ data: { taskChanged: { type: 'CREATED' } } });
    // Every listener of the user is sent an event at once, and the old socket answers in order: whatever
    // it was sent is in once this answers (or it is closed).
    await old.run('{ __typename }');
    expect(oldInbox.values).toEqual([]);
    expect(await within(old.closed)).toEqual(ACCOUNT_DELETED);
  });
});

describe('two instances sharing PostgreSQL and Redis', () => {
  /** A on Redis directly, B through a gate the test can shut (as in test/events/redis-outage.test.ts). */
  async function twoInstances() {
    const redis = await startOwnRedis();
    cleanups.push(() => redis.close());
    const gate = await startTcpGate(redis.port);
    cleanups.push(() => gate.shutdown());
    const processes = await setupTicklerProcesses('postgresql', { dataDirPrefix: 'tickler-deleted-live-', env: { WEBHOOK_ALLOW_INSECURE: 'true' } }, cleanups);
    // One after the other: the first start creates the signing key both processes share.
    const a = await processes.serve({ REDIS_URL: redis.url });
    const b = await processes.serve({ REDIS_URL: `redis://127.0.0.1:${gate.port}` });
    await waitUntil(async () => (await redis.subscribers(ACCOUNT_DELETIONS_TOPIC)) === 2, 'both instances listening for deletions');
    const key = await loadOrCreateLocalSigningKey(processes.dataDir);
    const token = (userId: string) => issueLocalToken({ key, userId, ttlSeconds: 600 });
    const target = (process: ServeProcess) => ({ url: process.url, token });
    const openOn = async (process: ServeProcess, bearer: string) => {
      const socket = await openOperationSocket(wsUrl(process), bearer);
      cleanups.push(() => socket.close());
      return socket;
    };
    const refusedOn = async (process: ServeProcess, bearer: string) =>
      (await fetch(`${process.url}/tasks`, { headers: { authorization: `Bearer ${bearer}` } })).status === 401;
    const db = new pg.Client({ connectionString: processes.url });
    await db.connect();
    cleanups.push(() => db.end());
    const rowsOfUser = async (userId: string) => {
      const count = async (table: string) => Number((await db.query(`SELECT count(*) AS n FROM ${table} WHERE user_id = $1`, [userId])).rows[0].n);
      return { tasks: await count('tasks'), webhookEndpoints: await count('webhook_endpoints'), calendarFeeds: await count('calendar_feeds') };
    };
    return { gate, a, b, token, target, openOn, refusedOn, rowsOfUser };
  }

  it('DELETE /me on A closes the WebSockets and event streams of the account on B at once; their operations create nothing', { timeout: 120_000 }, async () => {
    const { a, b, token, target, openOn, rowsOfUser } = await twoInstances();
    const gone = 'two-instances-gone';
    const bearer = await token(gone);
    const onB = await openOn(b, bearer);
    const sse = await subscribeSse(target(b), gone, TaskChangedSubscription);
    cleanups.push(() => sse.close());
    const keptOnB = await openOn(b, await token('two-instances-kept'));

    const response = await fetch(`${a.url}/me`, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}` } });
    expect(response.status).toBe(204);
    // Right away: nothing B could have created for the account in between survives either.
    const answers = await Promise.all([onB.run(CREATE_WEBHOOK), onB.run(CREATE_FEED), onB.run(CREATE_TASK)]);
    for (const answer of answers) {
      if (answer !== 'closed') expect(answer).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
    }
    expect(await within(onB.closed)).toEqual(ACCOUNT_DELETED);
    expect(await within(sse.ended.then(() => 'ended'))).toBe('ended');
    expect(keptOnB.isOpen()).toBe(true);
    expect(await rowsOfUser(gone)).toEqual(NO_ROWS);
  });

  it("B's bus cut off while A deletes the account: B closes the old socket as soon as its bus is back", { timeout: 120_000 }, async () => {
    const { gate, a, b, token, openOn, refusedOn, rowsOfUser } = await twoInstances();
    const gone = 'missed-notice-gone';
    const bearer = await token(gone);
    const onB = await openOn(b, bearer);

    gate.close();
    const response = await fetch(`${a.url}/me`, { method: 'DELETE', headers: { authorization: `Bearer ${bearer}` } });
    expect(response.status).toBe(204);
    // B refuses the token over HTTP once its deletion cache reads the marker; the notice never reached
    // it, so the socket is still open.
    await waitUntil(() => refusedOn(b, bearer), 'B refusing the token over HTTP');
    expect(onB.isOpen()).toBe(true);

    gate.open();
    expect(await within(onB.closed, 30_000)).toEqual(ACCOUNT_DELETED);
    expect(await rowsOfUser(gone)).toEqual(NO_ROWS);
  });
});
