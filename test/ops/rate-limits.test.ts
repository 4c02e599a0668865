import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { MeQuery, TaskChangedSubscription } from '../graphql/documents.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import WebSocket from 'ws';
import { graphqlRequest, openWsClient, subscribeWs, wsUrl } from '../support/graphql-client.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { waitUntil } from '../webhooks/support/receiver.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
/** Long windows, and a test never starts in a window's last minute, so no count is reset under a test. */
const WINDOW = { RATE_LIMIT_WINDOW: '1h' };

async function awayFromWindowEnd(): Promise<void> {
  const hour = 3_600_000;
  const left = hour - (Date.now() % hour);
  if (left < 60_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
}

function expectBudgetHeaders(response: Response, limit: number, remaining: number) {
  expect(response.headers.get('ratelimit-limit')).toBe(String(limit));
  expect(response.headers.get('ratelimit-remaining')).toBe(String(remaining));
  expect(Number(response.headers.get('ratelimit-reset'))).toBeGreaterThan(0);
  expect(Number(response.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(3600);
  expect(response.headers.get('ratelimit-policy')).toBe(`${limit};w=3600`);
}

async function expectRefused(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBe(Number(response.headers.get('ratelimit-reset')));
  return response;
}

describe('rate limits', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService('sqlite', {
      env: { ...WINDOW, RATE_LIMIT_USER: '5', RATE_LIMIT_ADDRESS: '3', RATE_LIMIT_CAPTURE: '2', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => service?.close());

  it("counts an authenticated user's requests, and answers the one past the budget 429 with Retry-After", async () => {
    await awayFromWindowEnd();
    for (let i = 0; i < 5; i += 1) {
      const response = await service.request('budget-user', '/tasks');
      expect(response.status).toBe(200);
      expectBudgetHeaders(response, 5, 4 - i);
    }
    const refused = await expectRefused(await service.request('budget-user', '/tasks'));
    expect(await refused.json()).toEqual({ error: 429, message: expect.stringMatching(/^Too many requests: at most 5 per 3600 s; try again in \d+ s$/) });
    expectBudgetHeaders(refused, 5, 0);
    // Refused means not run: nothing is created.
    expect((await service.request('budget-user', '/tasks', jsonRequest('POST', { title: 'no' }))).status).toBe(429);
    expect(await service.database.db.task.count({ where: { userId: 'budget-user' } })).toBe(0);
    // Another user has a budget of their own.
    expect((await service.request('other-user', '/tasks')).status).toBe(200);
  });

  it('counts requests without a valid token per client address, before authentication (TRUST_PROXY believes X-Forwarded-For)', async () => {
    await awayFromWindowEnd();
    const from = (address: string, headers: Record<string, string> = {}) =>
      fetch(`${service.url}/tasks`, { headers: { 'x-forwarded-for': address, ...headers } });
    for (let i = 0; i < 3; i += 1) {
      const response = await from('198.51.100.7', i === 1 ? { authorization: 'Bearer not-a-jwt' } : {});
      expect(response.status).toBe(401);
      expectBudgetHeaders(response, 3, 2 - i);
    }
    await expectRefused(await from('198.51.100.7'));
    // Another address, and a valid token from the same address, are not held back by it.
    expect((await from('198.51.100.8')).status).toBe(401);
    expect((await from('198.51.100.7', { authorization: `Bearer ${await service.token('address-user')}` })).status).toBe(200);
  });

  it('gives captures a tighter budget of their own', async () => {
    await awayFromWindowEnd();
    const capture = () => service.request('capture-user', '/capture', jsonRequest('POST', { text: 'call mom tomorrow at 5pm' }));
    expect((await capture()).status).toBe(200);
    const second = await capture();
    expect(second.status).toBe(200);
    expectBudgetHeaders(second, 2, 0);
    const refused = await expectRefused(await capture());
    expect(((await refused.json()) as { message: string }).message).toMatch(/^Too many captures: at most 2 per 3600 s/);
    // The rest of the API still answers the same user.
    const other = await service.request('capture-user', '/tasks');
    expect(other.status).toBe(200);
    expectBudgetHeaders(other, 5, 1);
  });

  it('counts each GraphQL HTTP request once, and refuses with 429, RATE_LIMITED and Retry-After', async () => {
    await awayFromWindowEnd();
    for (let i = 0; i < 5; i += 1) {
      const { status, headers } = await graphqlRequest(service, 'graphql-user', MeQuery);
      expect(status).toBe(200);
      expect(headers.get('ratelimit-remaining')).toBe(String(4 - i));
    }
    const refused = await graphqlRequest(service, 'graphql-user', MeQuery);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(refused.body.data ?? null).toBeNull();
  });

  it('counts a WebSocket connection and each operation started on it; past the budget a start fails with RATE_LIMITED and a new socket closes with 4429', async () => {
    await awayFromWindowEnd();
    const authorization = `Bearer ${await service.token('socket-user')}`;
    const client = openWsClient(service, authorization);
    try {
      // The connection (1) and four subscriptions (2-5) fit the budget of 5.
      const live = Array.from({ length: 4 }, () => subscribeWs(client, TaskChangedSubscription));
      await waitUntil(() => service.eventBus.subscriberCount('socket-user') === 4, 'four live subscriptions');
      const refused = subscribeWs(client, TaskChangedSubscription);
      await waitUntil(() => refused.inbox.failure !== undefined, 'the fifth start to fail');
      const errors = refused.inbox.failure as Array<{ message: string; extensions?: { code?: string } }>;
      expect(errors[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(service.eventBus.subscriberCount('socket-user')).toBe(4);
      for (const subscription of live) subscription.close();
    } finally {
      await client.dispose();
    }
    const closed = await new Promise<number>((resolve) => {
      const again = openWsClient(service, authorization);
      again.on('closed', (event) => {
        resolve((event as { code: number }).code);
        void again.dispose();
      });
    });
    expect(closed).toBe(4429);
  });

  it('counts a WebSocket connection without a valid token against its address, as a trusted proxy names it', async () => {
    await awayFromWindowEnd();
    const closeCode = (address: string) =>
      new Promise<number>((resolve) => {
        const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
        socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: 'Bearer not-a-jwt' } })));
        socket.once('close', (code) => resolve(code));
      });
    for (let i = 0; i < 3; i += 1) expect(await closeCode('192.0.2.44')).toBe(4401);
    expect(await closeCode('192.0.2.44')).toBe(4429);
    expect(await closeCode('192.0.2.45')).toBe(4401);
  });
});

/** One mutation with `count` aliased createTask fields (titles `<prefix> 0`, `<prefix> 1`, ...), half of them in a fragment. */
function aliasedCreates(count: number, prefix: string): string {
  const field = (i: number) => `t${i}: createTask(input: { title: "${prefix} ${i}" }) { id }`;
  const half = Math.floor(count / 2);
  const direct = Array.from({ length: half }, (_, i) => field(i)).join(' ');
  const spread = Array.from({ length: count - half }, (_, i) => field(half + i)).join(' ');
  return `mutation Aliased { __typename ${direct} ...More } fragment More on Mutation { ${spread} }`;
}

/** Runs one operation on a graphql-ws client: its result, or the errors of its `error` message. */
function runOverWs(client: ReturnType<typeof openWsClient>, query: string): Promise<{ data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> }> {
  return new Promise((resolve) => {
    let result: { data?: unknown } = {};
    client.subscribe(
      { query },
      {
        next: (value) => (result = value as { data?: unknown }),
        error: (errors) => resolve({ errors: errors as Array<{ message: string }> }),
        complete: () => resolve(result),
      },
    );
  });
}

describe.each([
  ['sqlite', 'counters in memory'],
  ['postgresql', 'counters in Redis'],
] as const)('GraphQL mutation fields on %s, %s', (provider, counters) => {
  let service: TestService;
  const keyPrefix = `tickler-test:${randomBytes(6).toString('hex')}:`;

  beforeAll(async () => {
    const redis: Record<string, string> = counters === 'counters in Redis' ? { REDIS_URL, RATE_LIMIT_KEY_PREFIX: keyPrefix } : {};
    service = await startTestService(provider, { env: { ...WINDOW, ...redis, RATE_LIMIT_USER: '5' } });
  });
  afterAll(async () => {
    await service?.close();
    if (counters !== 'counters in Redis') return;
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  const tasksOf = (userId: string) => service.database.db.task.findMany({ where: { userId }, select: { title: true } });

  it('counts each aliased root mutation field over HTTP, and refuses whole, with the usual 429, a request that would overdraw the budget', async () => {
    await awayFromWindowEnd();
    // 6 fields: the request counts 1 (4 left), the other 5 do not fit: nothing runs.
    const refused = await graphqlRequest(service, 'alias-user', aliasedCreates(6, 'too many'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('retry-after')).toBe(refused.headers.get('ratelimit-reset'));
    expect(refused.headers.get('ratelimit-remaining')).toBe('4');
    expect(refused.body.data ?? null).toBeNull();
    expect(refused.body.errors).toHaveLength(1);
    expect(refused.body.errors![0]).toEqual({
      message: expect.stringMatching(/^Too many requests: each root mutation field counts as one request, this operation has 6 and 4 are left of 5 per 3600 s; nothing was run, try again in \d+ s$/),
      extensions: { code: 'RATE_LIMITED', reason: 'request/rate_limited' },
    });
    expect(await tasksOf('alias-user')).toEqual([]);

    // 3 fields fit what is left (1 + 2 of 4): they run, and the answer shows what is left after all three.
    const allowed = await graphqlRequest(service, 'alias-user', aliasedCreates(3, 'fits'));
    expect(allowed.status).toBe(200);
    expect(allowed.body.errors).toBeUndefined();
    expect(allowed.headers.get('ratelimit-remaining')).toBe('1');
    expect((await tasksOf('alias-user')).map((task) => task.title).sort()).toEqual(['fits 0', 'fits 1', 'fits 2']);

    // 2 fields with 1 left: the request takes the last one, its second field does not fit.
    const last = await graphqlRequest(service, 'alias-user', aliasedCreates(2, 'past the end'));
    expect(last.status).toBe(429);
    expect(last.body.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    expect(await tasksOf('alias-user')).toHaveLength(3);
    // Queries are one request each, whatever they select; the budget is spent now.
    expect((await graphqlRequest(service, 'alias-user', MeQuery)).status).toBe(429);
  });

  it('counts each aliased root mutation field of a WebSocket operation, and refuses one that would overdraw the budget with RATE_LIMITED', async () => {
    await awayFromWindowEnd();
    const client = openWsClient(service, `Bearer ${await service.token('ws-alias-user')}`);
    try {
      // The connection counts 1 (4 left); this operation 1 more (3 left), and its other 4 fields do not fit.
      const refused = await runOverWs(client, aliasedCreates(5, 'too many'));
      expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(refused.errors?.[0]?.message).toMatch(/this operation has 5 and 3 are left of 5/);
      expect(await tasksOf('ws-alias-user')).toEqual([]);
      // 3 fields: 1 + 2 of the 3 left.
      const allowed = await runOverWs(client, aliasedCreates(3, 'fits'));
      expect(allowed.errors).toBeUndefined();
      expect(Object.keys(allowed.data as object).filter((key) => key !== '__typename')).toHaveLength(3);
      expect(await tasksOf('ws-alias-user')).toHaveLength(3);
      const spent = await runOverWs(client, 'mutation { createTask(input: { title: "one more" }) { id } }');
      expect(spent.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
      expect(await tasksOf('ws-alias-user')).toHaveLength(3);
    } finally {
      await client.dispose();
    }
  });
});

describe('rate limits off and untrusted proxies', () => {
  let unlimited: TestService;
  let direct: TestService;
  beforeAll(async () => {
    unlimited = await startTestService('sqlite', { env: { RATE_LIMIT_USER: '0', RATE_LIMIT_ADDRESS: '0', RATE_LIMIT_CAPTURE: '0' } });
    direct = await startTestService('sqlite', { env: { ...WINDOW, RATE_LIMIT_ADDRESS: '2' } });
  });
  afterAll(async () => {
    await unlimited?.close();
    await direct?.close();
  });

  it('believes a hop count of trusted proxies: TRUST_PROXY=1 takes the last X-Forwarded-For address', async () => {
    const hop = await startTestService('sqlite', { env: { ...WINDOW, RATE_LIMIT_ADDRESS: '1', TRUST_PROXY: '1' } });
    try {
      await awayFromWindowEnd();
      const from = (chain: string) => fetch(`${hop.url}/tasks`, { headers: { 'x-forwarded-for': chain } });
      expect((await from('203.0.113.1, 198.51.100.20')).status).toBe(401);
      await expectRefused(await from('203.0.113.99, 198.51.100.20'));
      expect((await from('198.51.100.21')).status).toBe(401);
    } finally {
      await hop.close();
    }
  });

  it('turns each budget off with 0: no refusal and no RateLimit headers', async () => {
    for (let i = 0; i < 30; i += 1) {
      const authenticated = await unlimited.request('free-user', '/tasks');
      expect(authenticated.status).toBe(200);
      expect(authenticated.headers.get('ratelimit-limit')).toBeNull();
      expect((await fetch(`${unlimited.url}/tasks`)).status).toBe(401);
    }
  });

  it('does not believe X-Forwarded-For without TRUST_PROXY: every claimed address shares the connection address budget', async () => {
    await awayFromWindowEnd();
    const from = (address: string) => fetch(`${direct.url}/tasks`, { headers: { 'x-forwarded-for': address } });
    expect((await from('198.51.100.1')).status).toBe(401);
    expect((await from('198.51.100.2')).status).toBe(401);
    await expectRefused(await from('198.51.100.3'));
  });
});

describe('rate limits shared through Redis by two instances', () => {
  const cleanups = cleanupsAfterEach();

  it('gives a user one budget across two `tickler serve` instances on one PostgreSQL and one Redis', async () => {
    await awayFromWindowEnd();
    const keyPrefix = `tickler-test:${randomBytes(6).toString('hex')}:`;
    const processes = await setupTicklerProcesses(
      'postgresql',
      { dataDirPrefix: 'tickler-rate-', env: { REDIS_URL, RATE_LIMIT_KEY_PREFIX: keyPrefix, RATE_LIMIT_USER: '6', ...WINDOW } },
      cleanups,
    );
    const first = await processes.serve({}, 60_000);
    const second = await processes.serve({}, 60_000);
    const redis = new Redis(REDIS_URL);
    cleanups.push(async () => {
      const keys = await redis.keys(`${keyPrefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    });
    const key = await loadOrCreateLocalSigningKey(processes.dataDir);
    const authorization = `Bearer ${await issueLocalToken({ key, userId: 'shared-user', ttlSeconds: 600 })}`;
    const remaining: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await fetch(`${(i % 2 === 0 ? first : second).url}/tasks`, { headers: { authorization } });
      expect(response.status).toBe(200);
      remaining.push(response.headers.get('ratelimit-remaining')!);
    }
    expect(remaining).toEqual(['5', '4', '3', '2', '1', '0']);
    await expectRefused(await fetch(`${first.url}/tasks`, { headers: { authorization } }));
    await expectRefused(await fetch(`${second.url}/tasks`, { headers: { authorization } }));
    expect(await redis.keys(`${keyPrefix}user:shared-user:*`)).toHaveLength(1);
  }, 180_000);
});
