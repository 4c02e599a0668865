import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '../../src/events/task-event.js';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const URL_A = 'http://127.0.0.1:9/a';
const URL_B = 'http://127.0.0.1:9/b';

describe.each(PROVIDERS)('webhook registration on %s', (provider) => {
  let service: TestService;
  let userCount = 0;
  beforeAll(async () => {
    // Insecure mode: loopback URLs are accepted (no endpoint here ever gets an event: nothing is created).
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true' } });
  });
  afterAll(async () => service?.close());

  const newUser = () => `reg-${(userCount += 1)}`;
  const post = (userId: string, body: unknown) => service.request(userId, '/webhooks', jsonRequest('POST', body));
  const patch = (userId: string, id: number | string, body: unknown) =>
    service.request(userId, `/webhooks/${id}`, jsonRequest('PATCH', body));

  async function create(userId: string, body: Record<string, unknown> = { url: URL_A }) {
    const response = await post(userId, body);
    expect(response.status).toBe(201);
    return (await response.json()) as Record<string, any>;
  }

  it('registers an endpoint: 201, Location, every event type by default, and a whsec_ secret of 32 random bytes', async () => {
    const user = newUser();
    const response = await post(user, { url: URL_A, description: 'my phone bridge' });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, any>;
    expect(response.headers.get('location')).toBe(`/webhooks/${body.id}`);
    expect(body).toMatchObject({ url: URL_A, events: [...EVENT_TYPES], description: 'my phone bridge', enabled: true, disabledReason: null });
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/);
    expect(Buffer.from(body.secret.slice('whsec_'.length), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(Date.parse(body.createdAt)).not.toBeNaN();
    expect((await create(user)).secret).not.toBe(body.secret);
  });

  it('stores the chosen event types once each, in the catalogue order', async () => {
    const body = await create(newUser(), { url: URL_A, events: ['task.completed', 'reminder.due', 'task.completed'] });
    expect(body.events).toEqual(['task.completed', 'reminder.due']);
  });

  it('never shows the secret again: not in the list, not in GET, not in PATCH answers', async () => {
    const user = newUser();
    const { id, secret } = await create(user);
    for (const response of [
      await service.request(user, '/webhooks'),
      await service.request(user, `/webhooks/${id}`),
      await patch(user, id, { description: 'renamed' }),
    ]) {
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain(secret);
      expect(text).not.toContain('"secret"');
    }
  });

  it('lists, changes and deletes the caller’s endpoints', async () => {
    const user = newUser();
    const first = await create(user, { url: URL_A });
    const second = await create(user, { url: URL_B, events: ['task.created'] });
    const list = (await (await service.request(user, '/webhooks')).json()) as Array<Record<string, any>>;
    expect(list.map((e) => e.id)).toEqual([first.id, second.id]);

    const changed = await patch(user, first.id, { url: URL_B, events: ['reminder.due'], description: 'x' });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: first.id, url: URL_B, events: ['reminder.due'], description: 'x', enabled: true });

    const disabled = (await (await patch(user, first.id, { enabled: false })).json()) as Record<string, any>;
    expect(disabled).toMatchObject({ enabled: false, disabledReason: null });
    expect(disabled.disabledAt).not.toBeNull();
    expect(await (await patch(user, first.id, { enabled: true })).json()).toMatchObject({ enabled: true, disabledAt: null });

    const deleted = await service.request(user, `/webhooks/${first.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(204);
    expect(await deleted.text()).toBe('');
    expect((await service.request(user, `/webhooks/${first.id}`)).status).toBe(404);
    expect((await service.request(user, `/webhooks/${first.id}`, { method: 'DELETE' })).status).toBe(404);
    const after = (await (await service.request(user, '/webhooks')).json()) as Array<Record<string, any>>;
    expect(after.map((e) => e.id)).toEqual([second.id]);
  });

  it('rotates the secret: a new one, shown once', async () => {
    const user = newUser();
    const { id, secret } = await create(user);
    const response = await service.request(user, `/webhooks/${id}/rotate-secret`, { method: 'POST' });
    expect(response.status).toBe(200);
    const rotated = (await response.json()) as Record<string, any>;
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(secret);
    expect(await (await service.request(user, `/webhooks/${id}`)).text()).not.toContain(rotated.secret);
  });

  it('lists no attempts for a new endpoint and validates the limit', async () => {
    const user = newUser();
    const { id } = await create(user);
    const response = await service.request(user, `/webhooks/${id}/deliveries`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([]);
    for (const limit of ['0', '101', 'abc', '1.5']) {
      expect((await service.request(user, `/webhooks/${id}/deliveries?limit=${limit}`)).status).toBe(400);
    }
  });

  it.each([
    ['no url', {}],
    ['a url that is not a string', { url: 42 }],
    ['a relative url', { url: '/hooks' }],
    ['an ftp url', { url: 'ftp://127.0.0.1/x' }],
    ['a url with credentials', { url: 'http://user:pw@127.0.0.1/x' }],
    ['an overlong url', { url: `http://127.0.0.1/${'a'.repeat(2100)}` }],
    ['an unknown event type', { url: URL_A, events: ['task.exploded'] }],
    ['no event types', { url: URL_A, events: [] }],
    ['event types that are not a list', { url: URL_A, events: 'task.created' }],
    ['a description that is not a string', { url: URL_A, description: 7 }],
    ['an overlong description', { url: URL_A, description: 'd'.repeat(501) }],
    ['a description with NUL', { url: URL_A, description: 'a\u0000b' }],
  ])('refuses to register %s with 400 and the error body', async (_name, body) => {
    const response = await post(newUser(), body);
    await expectErrorResponse(response, 400);
  });

  it.each([
    ['an empty change', {}],
    ['enabled that is not a boolean', { enabled: 'yes' }],
    ['an unknown event type', { events: ['nope'] }],
    ['a relative url', { url: 'hooks' }],
  ])('refuses to change an endpoint with %s (400)', async (_name, body) => {
    const user = newUser();
    const { id } = await create(user);
    await expectErrorResponse(await patch(user, id, body), 400);
  });

  it('answers 415 for a body that is not JSON, and 400 for an id that is not a positive int64', async () => {
    const user = newUser();
    const response = await service.request(user, '/webhooks', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'url' });
    await expectErrorResponse(response, 415);
    for (const id of ['abc', '0', '-1', '99999999999999999999']) {
      await expectErrorResponse(await service.request(user, `/webhooks/${id}`), 400);
    }
  });

  it('needs a bearer token on every webhook route', async () => {
    for (const [method, path] of [
      ['POST', '/webhooks'],
      ['GET', '/webhooks'],
      ['GET', '/webhooks/1'],
      ['PATCH', '/webhooks/1'],
      ['DELETE', '/webhooks/1'],
      ['POST', '/webhooks/1/rotate-secret'],
      ['POST', '/webhooks/1/test'],
      ['GET', '/webhooks/1/deliveries'],
      ['POST', '/webhooks/1/deliveries/1/retry'],
    ] as const) {
      const response = await service.request(null, path, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("answers 404 for another user's endpoint on every route, exactly as for a missing one", async () => {
    const alice = newUser();
    const bob = newUser();
    const { id } = await create(alice);
    const missing = 987654;
    for (const target of [id, missing]) {
      const answers = [
        await service.request(bob, `/webhooks/${target}`),
        await patch(bob, target, { description: 'mine now' }),
        await service.request(bob, `/webhooks/${target}/rotate-secret`, { method: 'POST' }),
        await service.request(bob, `/webhooks/${target}/test`, { method: 'POST' }),
        await service.request(bob, `/webhooks/${target}/deliveries`),
        await service.request(bob, `/webhooks/${target}/deliveries/1/retry`, { method: 'POST' }),
        await service.request(bob, `/webhooks/${target}`, { method: 'DELETE' }),
      ];
      for (const answer of answers) expect((await expectErrorResponse(answer, 404)).message).toBe('Webhook endpoint not found');
    }
    expect(await (await service.request(bob, '/webhooks')).json()).toEqual([]);
    expect(await (await service.request(alice, `/webhooks/${id}`)).json()).toMatchObject({ id, description: '' });
  });

  it('allows at most 25 endpoints per user (409 beyond)', async () => {
    const user = newUser();
    for (let i = 0; i < 25; i += 1) await create(user, { url: `${URL_A}${i}` });
    await expectErrorResponse(await post(user, { url: URL_A }), 409);
  });
});
