import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharingClient } from '../support/sharing.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/support/receiver.js';

describe.each(PROVIDERS)('list events and webhooks (%s)', (provider) => {
  let service: TestService;
  let receiver: Receiver;

  beforeAll(async () => {
    receiver = await startReceiver();
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_SWEEP_INTERVAL: '100ms' } });
  });
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
  });

  it('webhooks keep receiving task events only: joins, renames and removals reach listChanged, not endpoints', async () => {
    expect((await service.request('wes', '/webhooks', jsonRequest('POST', { url: receiver.url }))).status).toBe(201);
    const s = sharingClient(service);
    const list = await s.makeList('owe', 'Tools');
    await s.join('owe', list.id, 'wes', 'editor');
    await service.request('owe', `/lists/${list.id}`, { method: 'PATCH', headers: { 'content-type': 'application/merge-patch+json' }, body: JSON.stringify({ name: 'Shed' }) });
    await service.request('owe', '/tasks', jsonRequest('POST', { title: 'oil the saw', listId: list.id }));
    await waitUntil(async () => (await service.database.db.event.count({ where: { userId: 'wes', fannedOutAt: null } })) === 0, 'events fanned out');
    await waitUntil(() => receiver.received.length >= 1, 'a webhook');
    const types = (await service.database.db.webhookDelivery.findMany({ where: { userId: 'wes' } })).map((d) => d.eventType);
    expect(types).toEqual(['task.created']);
    expect(await service.database.db.event.count({ where: { userId: 'wes', type: { startsWith: 'list.' } } })).toBe(2);
  });
});
