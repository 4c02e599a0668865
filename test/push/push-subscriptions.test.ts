import { createECDH, randomBytes } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
}

const subscription = (n: number, keys = browserKeys()) => ({
  endpoint: `https://push.example.com/send/device-${n}`,
  expirationTime: null,
  keys,
});

describe.each(PROVIDERS)('push subscriptions on %s', (provider) => {
  let service: TestService;
  let users = 0;
  const newUser = () => `push-user-${(users += 1)}`;

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: { PUSH_CONTACT: 'mailto:ops@tickler.example' },
      // push.example.com resolves to a public address (the policy is checked, not relaxed).
      resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
    });
  });
  afterAll(async () => service?.close());

  const post = (user: string, body: unknown) => service.request(user, '/push/subscriptions', jsonRequest('POST', body));
  const graphql = async (user: string, query: string, variables: Record<string, unknown> = {}) =>
    (await (await service.request(user, '/graphql', jsonRequest('POST', { query, variables }))).json()) as {
      data?: Record<string, any>;
      errors?: Array<{ message: string; extensions: { code: string } }>;
    };

  it('answers the public key it keeps in DATA_DIR/keys with mode 0600, a P-256 point that browsers subscribe with', async () => {
    const response = await service.request(newUser(), '/push/vapid-public-key');
    expect(response.status).toBe(200);
    const { publicKey } = (await response.json()) as { publicKey: string };
    const point = Buffer.from(publicKey, 'base64url');
    expect(point).toHaveLength(65);
    expect(point[0]).toBe(4);
    expect(publicKey).not.toMatch(/[=+/]/);
    const file = path.join(service.dataDir, 'keys', 'vapid.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await graphql(newUser(), '{ pushPublicKey }')).toEqual({ data: { pushPublicKey: publicKey } });
    expect((await service.request(null, '/push/vapid-public-key')).status).toBe(401);
  });

  it('registers, lists and deletes; the same endpoint again updates its keys and keeps its id', async () => {
    const user = newUser();
    const first = await post(user, { ...subscription(1), deviceName: 'Pixel' });
    expect(first.status).toBe(201);
    const created = (await first.json()) as Record<string, unknown>;
    expect(created).toEqual({ id: expect.any(Number), endpoint: subscription(1).endpoint, deviceName: 'Pixel', createdAt: expect.any(String) });

    const newKeys = browserKeys();
    const again = await post(user, subscription(1, newKeys));
    expect(again.status).toBe(200);
    expect(((await again.json()) as { id: number }).id).toBe(created.id);
    const stored = await service.database.db.pushSubscription.findUniqueOrThrow({ where: { id: BigInt(created.id as number) } });
    expect(stored).toMatchObject({ p256dh: newKeys.p256dh, auth: newKeys.auth, deviceName: 'Pixel' });

    const listed = (await (await service.request(user, '/push/subscriptions')).json()) as unknown[];
    expect(listed).toEqual([created]);
    expect((await service.request(user, `/push/subscriptions/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await service.request(user, '/push/subscriptions')).json()).toEqual([]);
  });

  it('refuses malformed keys and endpoints with 400 and stores nothing', async () => {
    const user = newUser();
    const good = browserKeys();
    const notOnCurve = Buffer.from(good.p256dh, 'base64url');
    notOnCurve[64] = notOnCurve[64]! ^ 1;
    const cases: unknown[] = [
      { ...subscription(1), keys: { ...good, p256dh: good.p256dh.slice(0, 40) } },
      { ...subscription(1), keys: { ...good, p256dh: `${good.p256dh.slice(0, 10)}+/${good.p256dh.slice(12)}` } },
      { ...subscription(1), keys: { ...good, p256dh: notOnCurve.toString('base64url') } },
      { ...subscription(1), keys: { ...good, auth: randomBytes(15).toString('base64url') } },
      { ...subscription(1), keys: { ...good, auth: 'not base64!' } },
      { ...subscription(1), keys: { p256dh: good.p256dh } },
      { endpoint: 'http://push.example.com/x', keys: good },
      { endpoint: 'https://127.0.0.1/x', keys: good },
      { endpoint: 'not a url', keys: good },
      { ...subscription(1), expirationTime: 'tomorrow' },
    ];
    for (const body of cases) await expectErrorResponse(await post(user, body), 400);
    expect(await (await service.request(user, '/push/subscriptions')).json()).toEqual([]);
  });

  it('allows 20 subscriptions per user; the 21st is a 409', async () => {
    const user = newUser();
    for (let n = 0; n < 20; n += 1) expect((await post(user, subscription(n))).status).toBe(201);
    await expectErrorResponse(await post(user, subscription(20)), 409);
    // An existing endpoint can still be updated.
    expect((await post(user, subscription(3))).status).toBe(200);
    expect(await service.database.db.pushSubscription.count({ where: { userId: user } })).toBe(20);
  });

  it("treats another user's subscription as not found", async () => {
    const owner = newUser();
    const { id } = (await (await post(owner, subscription(1))).json()) as { id: number };
    const other = newUser();
    await expectErrorResponse(await service.request(other, `/push/subscriptions/${id}`, { method: 'DELETE' }), 404);
    await expectErrorResponse(await service.request(other, `/push/subscriptions/${id}/test`, { method: 'POST' }), 404);
    await expectErrorResponse(await service.request(other, `/push/subscriptions/${id}/deliveries`), 404);
    const gql = await graphql(other, 'mutation($id: ID!) { deletePushSubscription(id: $id) { id } }', { id: String(id) });
    expect(gql.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
    expect(await service.database.db.pushSubscription.count({ where: { userId: owner } })).toBe(1);
  });

  it('offers the same operations in GraphQL', async () => {
    const user = newUser();
    const keys = browserKeys();
    const registered = await graphql(
      user,
      `mutation($input: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $input) { id endpoint deviceName createdAt } }`,
      { input: { endpoint: subscription(7).endpoint, expirationTime: null, keys, deviceName: 'Laptop' } },
    );
    const id = registered.data?.registerPushSubscription.id as string;
    expect(registered.data?.registerPushSubscription).toMatchObject({ endpoint: subscription(7).endpoint, deviceName: 'Laptop' });
    expect((await graphql(user, '{ pushSubscriptions { id deviceName } }')).data).toEqual({ pushSubscriptions: [{ id, deviceName: 'Laptop' }] });
    const bad = await graphql(user, `mutation($input: RegisterPushSubscriptionInput!) { registerPushSubscription(input: $input) { id } }`, {
      input: { endpoint: subscription(8).endpoint, keys: { ...keys, auth: 'AAAA' } },
    });
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    const queued = await graphql(user, 'mutation($id: ID!) { sendTestPush(id: $id) { deliveryId eventId } }', { id });
    expect(queued.data?.sendTestPush).toEqual({ deliveryId: expect.any(String), eventId: expect.any(String) });
    expect((await graphql(user, 'mutation($id: ID!) { deletePushSubscription(id: $id) { id } }', { id })).data).toEqual({
      deletePushSubscription: { id },
    });
    expect((await graphql(user, '{ pushSubscriptions { id } }')).data).toEqual({ pushSubscriptions: [] });
  });
});
