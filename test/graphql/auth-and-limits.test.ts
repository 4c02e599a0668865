import { generateKeyPair, SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { GRAPHQL_LIMITS } from '../../src/graphql/builder.js';
import { graphqlData, graphqlRequest, subscribeSse, waitForSubscriber, wsUrl } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { CreateTaskMutation, MeQuery, TaskChangedSubscription } from './documents.js';

/** Opens a raw graphql-transport-ws socket, sends connection_init with `payload`, and reports how it ends. */
function connectionInit(service: TestService, payload: unknown): Promise<{ acked: boolean; closeCode?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws');
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no answer to connection_init'));
    }, 10_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload })));
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') {
        clearTimeout(timer);
        socket.close(1000);
        resolve({ acked: true });
      }
    });
    socket.on('close', (code) => {
      clearTimeout(timer);
      resolve({ acked: false, closeCode: code });
    });
    socket.on('error', reject);
  });
}

describe.each(PROVIDERS)('GraphQL authentication and limits on %s', (provider) => {
  let service: TestService;
  let badTokens: Record<string, string>;
  beforeAll(async () => {
    service = await startTestService(provider);
    const key = await loadOrCreateLocalSigningKey(service.dataDir);
    const stranger = await generateKeyPair('EdDSA');
    const now = Math.floor(Date.now() / 1000);
    badTokens = {
      expired: await issueLocalToken({ key, userId: 'mallory', ttlSeconds: 60, now: new Date(Date.now() - 3_600_000) }),
      'wrong key': await new SignJWT({ sub: 'mallory' })
        .setProtectedHeader({ alg: 'EdDSA', kid: key.kid })
        .setIssuer('tickler-local')
        .setAudience('tickler')
        .setExpirationTime(now + 600)
        .sign(stranger.privateKey),
      garbage: 'not.a.jwt',
    };
  });
  afterAll(async () => service?.close());

  it('refuses HTTP requests without a valid bearer token with 401 and UNAUTHENTICATED, and runs nothing', async () => {
    const attempts: Array<string | null | { authorization: string }> = [
      null,
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: 'Bearer' },
      ...Object.values(badTokens).map((token) => ({ authorization: `Bearer ${token}` })),
    ];
    for (const user of attempts) {
      const { status, headers, body } = await graphqlRequest(service, user, CreateTaskMutation, { input: { title: 'sneaky' } });
      expect(status, JSON.stringify(user)).toBe(401);
      expect(headers.get('www-authenticate')).toBe('Bearer');
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    }
    expect(await service.database.db.task.count()).toBe(0);
    expect((await graphqlData(service, 'someone', MeQuery)).me.id).toBe('someone');
  });

  /** A token the service still accepts for about 2 to 3 seconds: it expired 27 s ago, within the 30 s clock tolerance. */
  async function expiringToken(userId: string) {
    const key = await loadOrCreateLocalSigningKey(service.dataDir);
    return issueLocalToken({ key, userId, ttlSeconds: 60, now: new Date(Date.now() - 87_000) });
  }

  it('closes an acknowledged WebSocket with 4401 when its token expires; a socket with a valid token stays open', async () => {
    const open = (authorization: string) =>
      new Promise<{ socket: WebSocket; closed: Promise<{ code: number; reason: string; at: number }> }>((resolve, reject) => {
        const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws');
        const closed = new Promise<{ code: number; reason: string; at: number }>((done) =>
          socket.on('close', (code, reason) => done({ code, reason: String(reason), at: Date.now() })),
        );
        socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization } })));
        socket.on('message', (data) => {
          if (JSON.parse(String(data)).type === 'connection_ack') resolve({ socket, closed });
        });
        socket.on('error', reject);
        void closed.then(({ code }) => reject(new Error(`closed with ${code} before connection_ack`)));
      });
    const token = await expiringToken('ws-expiring');
    const expiring = await open(`Bearer ${token}`);
    const valid = await open(`Bearer ${await service.token('ws-valid')}`);
    const openedAt = Date.now();

    const closed = await Promise.race([expiring.closed, new Promise<null>((resolve) => setTimeout(() => resolve(null), 8_000))]);
    expect(closed).toMatchObject({ code: 4401, reason: 'Token expired' });
    expect(closed!.at - openedAt).toBeLessThan(5_000);
    expect(valid.socket.readyState).toBe(WebSocket.OPEN);
    // The same token cannot open a new socket either.
    expect(await connectionInit(service, { authorization: `Bearer ${token}` })).toEqual({
      acked: false,
      closeCode: 4401,
    });
    valid.socket.close(1000);
  });

  it('ends an SSE subscription when its token expires', async () => {
    const token = await expiringToken('sse-expiring');
    const sse = await subscribeSse({ url: service.url, token: async () => token }, 'sse-expiring', TaskChangedSubscription);
    expect(sse.status).toBe(200);
    await waitForSubscriber(service, 'sse-expiring');
    const ended = await Promise.race([sse.ended.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still open'), 8_000))]);
    expect(ended).toBe('ended');
    expect(service.eventBus.subscriberCount('sse-expiring')).toBe(0);
  });

  it('closes a WebSocket whose connection_init has no valid token with 4401, and acknowledges a valid one', async () => {
    for (const payload of [undefined, {}, { authorization: 'Bearer' }, ...Object.values(badTokens).map((t) => ({ authorization: `Bearer ${t}` }))]) {
      expect(await connectionInit(service, payload), JSON.stringify(payload)).toEqual({ acked: false, closeCode: 4401 });
    }
    expect(await connectionInit(service, { authorization: `Bearer ${await service.token('ws-ok')}` })).toEqual({ acked: true });
  });

  it(`refuses operations nested deeper than ${GRAPHQL_LIMITS.depth} fields with QUERY_TOO_COMPLEX, introspection included`, async () => {
    const deepest = '{ tasks { edges { node { reminderSchedule { fireAt } } } } }';
    expect((await graphqlRequest(service, 'limits', deepest)).body.errors).toBeUndefined();
    // GraphiQL's own introspection query (ofType nested seven times) stays allowed.
    const typeRef = 'kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }';
    const graphiql = `{ __schema { types { name fields(includeDeprecated: true) { name args { name type { ${typeRef} } } type { ${typeRef} } } } } }`;
    expect((await graphqlRequest(service, 'limits', graphiql)).body.errors).toBeUndefined();

    const recursive = '{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }';
    const { body } = await graphqlRequest(service, 'limits', recursive);
    expect(body.data ?? null).toBeNull();
    expect(body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.errors?.[0]?.message).toMatch(/depth 10 is over the limit of 8/);
    const viaFragments = 'query { __schema { ...T } } fragment T on __Schema { types { fields { type { ...F } } } } fragment F on __Type { fields { type { fields { type { name } } } } }';
    expect((await graphqlRequest(service, 'limits', viaFragments)).body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses an operation whose cost is over the limit (many full pages) and one with too many fields', async () => {
    const page = (alias: string) => `${alias}: tasks(first: 200) { totalCount edges { cursor node { id title description dueAt priority status createdAt updatedAt completedAt reminder nextReminderAt remindBefore reminderSchedule { fireAt state offsetMinutes firedAt } } } }`;
    const one = await graphqlRequest(service, 'limits', `{ ${page('a')} }`);
    expect(one.body.errors).toBeUndefined();
    const costly = await graphqlRequest(service, 'limits', `{ ${['a', 'b', 'c'].map(page).join(' ')} }`);
    expect(costly.status).toBe(200);
    expect(costly.body.data ?? null).toBeNull();
    expect(costly.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(costly.body.errors?.[0]?.message).toMatch(/cost \d+ is over the limit of 10000/);

    const wide = `{ ${Array.from({ length: GRAPHQL_LIMITS.breadth + 1 }, (_, i) => `m${i}: me { id }`).join(' ')} }`;
    const broad = await graphqlRequest(service, 'limits', wide);
    expect(broad.body.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses page sizes over 200 with BAD_USER_INPUT', async () => {
    for (const query of ['{ tasks(first: 201) { totalCount } }', '{ today(first: 1000) { totalCount } }']) {
      const { body } = await graphqlRequest(service, 'limits', query);
      expect(body.errors?.[0]?.extensions?.code, query).toBe('BAD_USER_INPUT');
    }
  });
});

describe('GraphiQL', () => {
  it('is served to a browser on GET /graphql outside production, and not in production', async () => {
    for (const [env, served] of [[{}, true], [{ NODE_ENV: 'production' }, false]] as const) {
      const service = await startTestService('sqlite', { env });
      try {
        const response = await fetch(`${service.url}/graphql`, { headers: { accept: 'text/html' } });
        const body = await response.text();
        expect(response.status === 200 && body.includes('GraphiQL'), JSON.stringify(env)).toBe(served);
      } finally {
        await service.close();
      }
    }
  });
});
