import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const CREATE = 'mutation ($input: CreateTaskInput!, $key: String) { createTask(input: $input, idempotencyKey: $key) { id title } }';

describe.each(PROVIDERS)('GraphQL creates with an idempotency key on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true' } });
  });
  afterAll(async () => service?.close());

  async function create(user: string, variables: Record<string, unknown>, header?: string) {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (header !== undefined) headers['idempotency-key'] = header;
    const response = await service.request(user, '/graphql', { method: 'POST', headers, body: JSON.stringify({ query: CREATE, variables }) });
    return (await response.json()) as { data?: { createTask: { id: string; title: string } | null }; errors?: Array<{ extensions: { code: string } }> };
  }

  it('returns the first task again for a retried key (argument or header) and creates one task', async () => {
    const before = await service.database.db.task.count();
    const first = await create('gina', { input: { title: 'retry me' }, key: 'gql-1' });
    expect(first.data?.createTask?.title).toBe('retry me');
    expect(await create('gina', { input: { title: 'retry me' }, key: 'gql-1' })).toEqual(first);
    const viaHeader = await create('gina', { input: { title: 'by header' } }, 'gql-2');
    expect(await create('gina', { input: { title: 'by header' } }, 'gql-2')).toEqual(viaHeader);
    expect(viaHeader.data?.createTask?.id).not.toBe(first.data?.createTask?.id);
    expect(await service.database.db.task.count()).toBe(before + 2);
  });

  it('answers another input with the same key UNPROCESSABLE_CONTENT, a bad key BAD_USER_INPUT, and creates nothing', async () => {
    await create('hank', { input: { title: 'one' }, key: 'gql-3' });
    const before = await service.database.db.task.count();
    const reused = await create('hank', { input: { title: 'two' }, key: 'gql-3' });
    expect(reused.errors?.[0]?.extensions.code).toBe('UNPROCESSABLE_CONTENT');
    const bad = await create('hank', { input: { title: 'three' }, key: 'has space' });
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
    expect(await service.database.db.task.count()).toBe(before);
    // Keys are per user.
    expect((await create('ivy', { input: { title: 'two' }, key: 'gql-3' })).data?.createTask?.title).toBe('two');
  });

  it('returns the same endpoint and secret for a retried createWebhookEndpoint, and registers one', async () => {
    const mutation =
      'mutation ($key: String) { createWebhookEndpoint(input: {url: "http://127.0.0.1:9/gql"}, idempotencyKey: $key) { secret endpoint { id } } }';
    const send = async () => {
      const response = await service.request('jill', '/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query: mutation, variables: { key: 'gql-hook' } }),
      });
      return (await response.json()) as { data?: { createWebhookEndpoint: { secret: string; endpoint: { id: string } } } };
    };
    const first = await send();
    expect(first.data?.createWebhookEndpoint.secret).toMatch(/^whsec_/);
    expect(await send()).toEqual(first);
    expect(await service.database.db.webhookEndpoint.count({ where: { userId: 'jill' } })).toBe(1);
  });
});
