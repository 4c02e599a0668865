import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData, graphqlRequest, type GraphqlResponse } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, verifyWebhook, waitUntil, type Receiver } from '../webhooks/support/receiver.js';
import {
  CreateWebhookEndpointMutation,
  DeleteWebhookEndpointMutation,
  RetryWebhookDeliveryMutation,
  RotateWebhookSecretMutation,
  SendTestWebhookMutation,
  UpdateWebhookEndpointMutation,
  WebhookDeliveriesQuery,
  WebhookEndpointQuery,
  WebhookEndpointsQuery,
} from './documents.js';

const ALL_TYPES = ['TASK_CREATED', 'TASK_UPDATED', 'TASK_COMPLETED', 'TASK_OCCURRENCE_COMPLETED', 'TASK_REOPENED', 'TASK_DELETED', 'REMINDER_DUE', 'REMINDER_DELIVERED', 'REMINDER_FAILED'];
const URL_A = 'http://127.0.0.1:9/a';

function expectError(response: GraphqlResponse<Record<string, unknown>>, field: string, code: string, reason?: string) {
  expect(response.status).toBe(200);
  expect(response.body.data?.[field]).toBeNull();
  expect(response.body.errors).toHaveLength(1);
  expect(response.body.errors?.[0]?.path).toEqual([field]);
  expect(response.body.errors?.[0]?.extensions?.code).toBe(code);
  if (reason) expect(response.body.errors?.[0]?.extensions?.reason).toBe(reason);
  return response.body.errors![0]!.message;
}

describe.each(PROVIDERS)('GraphQL webhook operations on %s', (provider) => {
  let service: TestService;
  const receivers: Receiver[] = [];
  let userCount = 0;
  beforeAll(async () => {
    // Insecure mode for loopback receivers; a quick sweep so test deliveries go out within the test.
    service = await startTestService(provider, {
      env: { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_SWEEP_INTERVAL: '100ms', WEBHOOK_RETRY_SCHEDULE: '0s,250ms,250ms' },
    });
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(async () => service?.close());

  const newUser = () => `gql-hooks-${(userCount += 1)}`;
  const create = async (user: string, input: { url: string; events?: string[]; description?: string }) =>
    (await graphqlData(service, user, CreateWebhookEndpointMutation, { input: input as never })).createWebhookEndpoint!;
  const list = async (user: string) => (await graphqlData(service, user, WebhookEndpointsQuery)).webhookEndpoints;
  const deliveries = async (user: string, endpointId: string) =>
    (await graphqlData(service, user, WebhookDeliveriesQuery, { endpointId, limit: 100 })).webhookDeliveries!;

  it('createWebhookEndpoint answers the endpoint and its whsec_ secret, subscribed to every type by default', async () => {
    const user = newUser();
    const { endpoint, secret } = await create(user, { url: URL_A, description: 'bridge' });
    expect(endpoint).toMatchObject({ url: URL_A, description: 'bridge', enabled: true, disabledReason: null, disabledAt: null });
    expect([...endpoint.events].sort()).toEqual([...ALL_TYPES].sort());
    expect(endpoint.id).toMatch(/^\d+$/);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);

    // The same endpoint through REST, by the same id, with the wire names of its types.
    const rest = (await (await service.request(user, `/webhooks/${endpoint.id}`)).json()) as Record<string, unknown>;
    expect(rest).toMatchObject({ id: Number(endpoint.id), url: URL_A, description: 'bridge', createdAt: endpoint.createdAt });
    expect(rest.events).toContain('reminder.due');
  });

  it('lists, reads, changes and deletes the caller’s endpoints, and never shows the secret again', async () => {
    const user = newUser();
    const first = await create(user, { url: URL_A, events: ['TASK_COMPLETED', 'REMINDER_DUE', 'TASK_COMPLETED'] });
    const second = await create(user, { url: 'http://127.0.0.1:9/b' });
    expect(first.endpoint.events).toEqual(['TASK_COMPLETED', 'REMINDER_DUE']);
    expect((await list(user)).map((e) => e.id)).toEqual([first.endpoint.id, second.endpoint.id]);

    const read = await graphqlRequest(service, user, WebhookEndpointQuery, { id: first.endpoint.id });
    expect(read.body.data?.webhookEndpoint).toEqual(first.endpoint);

    const changed = await graphqlData(service, user, UpdateWebhookEndpointMutation, {
      input: { id: first.endpoint.id, url: 'http://127.0.0.1:9/c', events: ['TASK_CREATED'], description: 'renamed' },
    });
    expect(changed.updateWebhookEndpoint).toMatchObject({ url: 'http://127.0.0.1:9/c', events: ['TASK_CREATED'], description: 'renamed', enabled: true });

    const disabled = (await graphqlData(service, user, UpdateWebhookEndpointMutation, { input: { id: first.endpoint.id, enabled: false } }))
      .updateWebhookEndpoint!;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: null, description: 'renamed' });
    expect(disabled.disabledAt).not.toBeNull();
    const enabled = (await graphqlData(service, user, UpdateWebhookEndpointMutation, { input: { id: first.endpoint.id, enabled: true } }))
      .updateWebhookEndpoint!;
    expect(enabled).toMatchObject({ enabled: true, disabledAt: null });

    const deleted = await graphqlData(service, user, DeleteWebhookEndpointMutation, { id: first.endpoint.id });
    expect(deleted.deleteWebhookEndpoint).toEqual(enabled);
    expect((await list(user)).map((e) => e.id)).toEqual([second.endpoint.id]);
    expectError(await graphqlRequest(service, user, WebhookEndpointQuery, { id: first.endpoint.id }), 'webhookEndpoint', 'NOT_FOUND');

    // No answer but creation and rotation carries a secret.
    const raw = JSON.stringify([read.body, changed, await list(user), deleted]);
    expect(raw).not.toContain(first.secret);
    expect(raw).not.toContain(second.secret);
  });

  it('sendTestWebhook delivers a signed webhook.test; webhookDeliveries logs it; retryWebhookDelivery replays it with the same webhook-id', async () => {
    const user = newUser();
    const hook = await startReceiver();
    receivers.push(hook);
    const { endpoint, secret } = await create(user, { url: hook.url });

    const queued = (await graphqlData(service, user, SendTestWebhookMutation, { id: endpoint.id })).sendTestWebhook!;
    await waitUntil(() => hook.received.length === 1, 'the test delivery');
    expect(hook.received[0]!.id).toBe(queued.eventId);
    expect(hook.received[0]!.payload.type).toBe('webhook.test');
    expect(() => verifyWebhook(secret, hook.received[0]!)).not.toThrow();

    await waitUntil(async () => (await deliveries(user, endpoint.id)).length === 1, 'the logged attempt');
    const [attempt] = await deliveries(user, endpoint.id);
    expect(attempt).toMatchObject({
      deliveryId: queued.deliveryId,
      eventId: queued.eventId,
      type: 'webhook.test',
      attempt: 1,
      statusCode: 200,
      error: null,
      responseBody: 'ok',
      nextAttemptAt: null,
      deliveryState: 'DELIVERED',
    });

    const replay = await graphqlData(service, user, RetryWebhookDeliveryMutation, { endpointId: endpoint.id, deliveryId: queued.deliveryId });
    expect(replay.retryWebhookDelivery).toEqual(queued);
    await waitUntil(() => hook.received.length === 2, 'the replay');
    expect(hook.received[1]!.id).toBe(queued.eventId);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    expect(() => verifyWebhook(secret, hook.received[1]!)).not.toThrow();
    await waitUntil(async () => (await deliveries(user, endpoint.id)).length === 2, 'the replay logged');
    expect((await graphqlData(service, user, WebhookDeliveriesQuery, { endpointId: endpoint.id, limit: 1 })).webhookDeliveries).toHaveLength(1);
  });

  it('rotateWebhookSecret answers a new secret; deliveries then verify with the new one (and, for a day, the old one)', async () => {
    const user = newUser();
    const hook = await startReceiver();
    receivers.push(hook);
    const { endpoint, secret: oldSecret } = await create(user, { url: hook.url });
    const rotated = (await graphqlData(service, user, RotateWebhookSecretMutation, { id: endpoint.id })).rotateWebhookSecret!;
    expect(rotated.endpoint.id).toBe(endpoint.id);
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(oldSecret);

    await graphqlData(service, user, SendTestWebhookMutation, { id: endpoint.id });
    await waitUntil(() => hook.received.length === 1, 'a delivery after rotation');
    expect(() => verifyWebhook(rotated.secret, hook.received[0]!)).not.toThrow();
    expect(() => verifyWebhook(oldSecret, hook.received[0]!)).not.toThrow();
    expect(() => verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hook.received[0]!)).toThrow();
  });

  it('another user’s endpoint is NOT_FOUND for every operation, and stays as it was', async () => {
    const owner = newUser();
    const intruder = newUser();
    const hook = await startReceiver();
    receivers.push(hook);
    const { endpoint } = await create(owner, { url: hook.url, description: 'mine' });
    const queued = (await graphqlData(service, owner, SendTestWebhookMutation, { id: endpoint.id })).sendTestWebhook!;
    await waitUntil(() => hook.received.length === 1, 'the owner’s test delivery');

    const id = endpoint.id;
    const attempts: Array<[string, Promise<GraphqlResponse<any>>]> = [
      ['webhookEndpoint', graphqlRequest(service, intruder, WebhookEndpointQuery, { id })],
      ['webhookDeliveries', graphqlRequest(service, intruder, WebhookDeliveriesQuery, { endpointId: id })],
      ['updateWebhookEndpoint', graphqlRequest(service, intruder, UpdateWebhookEndpointMutation, { input: { id, url: 'http://127.0.0.1:9/x', enabled: false } })],
      ['deleteWebhookEndpoint', graphqlRequest(service, intruder, DeleteWebhookEndpointMutation, { id })],
      ['rotateWebhookSecret', graphqlRequest(service, intruder, RotateWebhookSecretMutation, { id })],
      ['sendTestWebhook', graphqlRequest(service, intruder, SendTestWebhookMutation, { id })],
      ['retryWebhookDelivery', graphqlRequest(service, intruder, RetryWebhookDeliveryMutation, { endpointId: id, deliveryId: queued.deliveryId })],
    ];
    for (const [field, response] of attempts) expectError(await response, field, 'NOT_FOUND', 'webhooks/not_found');
    expect(await list(intruder)).toEqual([]);

    const after = (await graphqlData(service, owner, WebhookEndpointQuery, { id })).webhookEndpoint;
    expect(after).toEqual(endpoint);
    expect(hook.received).toHaveLength(1);
  });

  it('refuses bad input with BAD_USER_INPUT and the catalogue reason, changing nothing', async () => {
    const user = newUser();
    const { endpoint } = await create(user, { url: URL_A, description: 'keep' });
    const refused = async (field: string, response: Promise<GraphqlResponse<any>>, code = 'BAD_USER_INPUT', reason?: string) =>
      expectError(await response, field, code, reason);

    expect(await refused('createWebhookEndpoint', graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url: 'ftp://example.com/x' } }), 'BAD_USER_INPUT', 'webhooks/invalid')).toMatch(/url/);
    await refused('createWebhookEndpoint', graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url: URL_A, events: [] } }), 'BAD_USER_INPUT', 'webhooks/invalid');
    await refused('createWebhookEndpoint', graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url: URL_A, description: 'x'.repeat(501) } }), 'BAD_USER_INPUT', 'webhooks/invalid');
    await refused('updateWebhookEndpoint', graphqlRequest(service, user, UpdateWebhookEndpointMutation, { input: { id: endpoint.id } }), 'BAD_USER_INPUT', 'webhooks/invalid');
    await refused('updateWebhookEndpoint', graphqlRequest(service, user, UpdateWebhookEndpointMutation, { input: { id: endpoint.id, url: null } }), 'BAD_USER_INPUT', 'webhooks/invalid');
    await refused('updateWebhookEndpoint', graphqlRequest(service, user, UpdateWebhookEndpointMutation, { input: { id: endpoint.id, enabled: null } }), 'BAD_USER_INPUT', 'webhooks/invalid');
    for (const id of ['abc', '0', '-1', '01', '9223372036854775808']) {
      expect(await refused('webhookEndpoint', graphqlRequest(service, user, WebhookEndpointQuery, { id }), 'BAD_USER_INPUT', 'webhooks/invalid')).toMatch(/^id must be/);
    }
    for (const limit of [0, 101]) {
      await refused('webhookDeliveries', graphqlRequest(service, user, WebhookDeliveriesQuery, { endpointId: endpoint.id, limit }), 'BAD_USER_INPUT', 'webhooks/invalid');
    }
    await refused('retryWebhookDelivery', graphqlRequest(service, user, RetryWebhookDeliveryMutation, { endpointId: endpoint.id, deliveryId: '999999' }), 'NOT_FOUND', 'webhooks/delivery_not_found');
    await refused('webhookEndpoint', graphqlRequest(service, user, WebhookEndpointQuery, { id: '999999' }), 'NOT_FOUND', 'webhooks/not_found');

    // An unknown enum value is refused by GraphQL validation before any resolver runs.
    const unknownType = await graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url: URL_A, events: ['TASK_EXPLODED' as never] } });
    expect(unknownType.body.errors?.[0]?.message).toMatch(/TASK_EXPLODED/);

    expect(await list(user)).toEqual([endpoint]);
  });

  it('a disabled endpoint takes no test or replay (CONFLICT), and the 26th endpoint is refused (CONFLICT)', async () => {
    const user = newUser();
    const { endpoint } = await create(user, { url: URL_A });
    await graphqlData(service, user, UpdateWebhookEndpointMutation, { input: { id: endpoint.id, enabled: false } });
    expectError(await graphqlRequest(service, user, SendTestWebhookMutation, { id: endpoint.id }), 'sendTestWebhook', 'CONFLICT', 'webhooks/endpoint_disabled');
    expect(await deliveries(user, endpoint.id)).toEqual([]);
    expect(await service.database.db.webhookDelivery.count({ where: { endpointId: BigInt(endpoint.id) } })).toBe(0);

    for (let i = 1; i < 25; i += 1) await create(user, { url: `${URL_A}/${i}` });
    expectError(await graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url: URL_A } }), 'createWebhookEndpoint', 'CONFLICT', 'webhooks/too_many');
    expect(await list(user)).toHaveLength(25);
  });

  it('needs a bearer token like the rest of the API', async () => {
    const before = await service.database.db.webhookEndpoint.count();
    const response = await graphqlRequest(service, null, WebhookEndpointsQuery);
    expect(response.status).toBe(401);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const created = await graphqlRequest(service, null, CreateWebhookEndpointMutation, { input: { url: URL_A } });
    expect(created.status).toBe(401);
    expect(created.body.data ?? null).toBeNull();
    expect(await service.database.db.webhookEndpoint.count()).toBe(before);
  });
});

describe.each(PROVIDERS)('GraphQL webhook URL policy (insecure mode off) on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it.each([
    ['loopback', 'https://127.0.0.1/hook'],
    ['private 10.x', 'https://10.1.2.3/hook'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data'],
    ['IPv6 loopback', 'https://[::1]/hook'],
    ['plain http', 'http://example.com/hook'],
  ])('createWebhookEndpoint refuses %s as REST does', async (_name, url) => {
    const user = `ssrf-${_name}`;
    const message = expectError(
      await graphqlRequest(service, user, CreateWebhookEndpointMutation, { input: { url } }),
      'createWebhookEndpoint',
      'BAD_USER_INPUT',
      'webhooks/invalid',
    );
    const rest = (await (await service.request(user, '/webhooks', jsonRequest('POST', { url }))).json()) as { error: number; message: string };
    expect(rest.error).toBe(400);
    expect(message).toBe(rest.message);
    expect(await graphqlData(service, user, WebhookEndpointsQuery)).toEqual({ webhookEndpoints: [] });
  });
});
