import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { inboxOf } from '../support/inbox.js';

const NOW = new Date('2026-11-21T12:00:00Z');

/** A browser's subscription with real keys: a P-256 point and a 16-byte secret. */
function pushSubscription(device: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://push.example.com/send/${device}`,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
    deviceName: device,
  };
}

describe.each(PROVIDERS)('GET /me/export on %s', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const create = async (user: string, body: Record<string, unknown>) =>
    (await (await service.request(user, '/tasks', jsonRequest('POST', body))).json()) as any;

  beforeAll(async () => {
    service = await startTestService(provider, {
      clock,
      env: { WEBHOOK_ALLOW_INSECURE: 'true', PUSH_CONTACT: 'mailto:ops@tickler.example' },
      // push.example.com resolves to a public address (the policy is checked, not relaxed).
      resolveHost: async () => [{ address: '93.184.215.14', family: 4 }],
    });
  });
  afterAll(async () => service?.close());

  it("exports the caller's tasks with reminders, rules and completed occurrences, webhooks without secrets, and nothing of others", async () => {
    const repeating = await create('exporter', { title: 'Bins', dueAt: '2026-11-23T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO', remindBefore: 10 });
    const plain = await create('exporter', { title: 'Café "quoted"\nline', description: 'd' });
    await service.request('exporter', `/tasks/${repeating.id}`, { method: 'DELETE' });
    await create('other', { title: 'Not mine' });
    const hook = await service.request('exporter', '/webhooks', jsonRequest('POST', { url: 'http://127.0.0.1:9/hook' }));
    expect(hook.status).toBe(201);
    const secret = ((await hook.json()) as { secret: string }).secret;
    expect(secret).toMatch(/^whsec_/);
    await service.request('exporter', '/calendar/feed', { method: 'POST' });

    const response = await service.request('exporter', '/me/export');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const text = await response.text();
    const document = JSON.parse(text) as any;
    expect(document).toMatchObject({ format: 'tickler.export/1', user: { id: 'exporter', timeZone: 'UTC' }, calendarFeed: { enabled: true } });
    expect(document.tasks.map((t: any) => t.id)).toEqual([repeating.id, plain.id]);
    expect(document.tasks[0]).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO',
      dueAt: '2026-11-30T07:00:00.000Z',
      reminder: { offsetMinutes: 10, state: 'scheduled' },
      completions: [{ occurrenceAt: '2026-11-23T07:00:00.000Z', completedAt: NOW.toISOString() }],
    });
    expect(document.tasks[1]).toMatchObject({ title: 'Café "quoted"\nline', reminder: null, completions: [] });
    expect(document.webhookEndpoints).toMatchObject([{ url: 'http://127.0.0.1:9/hook', enabled: true }]);
    expect(text).not.toContain(secret);
    expect(text).not.toContain('whsec_');
    expect(text).not.toContain('Not mine');
  });

  it("exports the caller's push subscriptions without their keys", async () => {
    const phone = pushSubscription('Pixel');
    const laptop = pushSubscription('Laptop');
    for (const subscription of [phone, laptop]) {
      expect((await service.request('pusher', '/push/subscriptions', jsonRequest('POST', subscription))).status).toBe(201);
    }
    expect((await service.request('other-pusher', '/push/subscriptions', jsonRequest('POST', pushSubscription('Not mine')))).status).toBe(201);
    const listed = (await (await service.request('pusher', '/push/subscriptions')).json()) as Array<{ id: number; createdAt: string }>;

    const text = await (await service.request('pusher', '/me/export')).text();
    const document = JSON.parse(text) as any;
    expect(document.pushSubscriptions).toEqual([
      { id: listed[0]!.id, endpoint: phone.endpoint, deviceName: 'Pixel', createdAt: listed[0]!.createdAt },
      { id: listed[1]!.id, endpoint: laptop.endpoint, deviceName: 'Laptop', createdAt: listed[1]!.createdAt },
    ]);
    for (const { keys } of [phone, laptop]) {
      expect(text).not.toContain(keys.p256dh);
      expect(text).not.toContain(keys.auth);
    }
    expect(text).not.toMatch(/p256dh|"auth"|"keys"/);
    expect(text).not.toContain('Not mine');
  });

  it('exports an empty account as a valid document, and needs a token', async () => {
    const document = (await (await service.request('empty', '/me/export')).json()) as any;
    expect(document).toMatchObject({ tasks: [], webhookEndpoints: [], pushSubscriptions: [], calendarFeed: { enabled: false } });
    await expectErrorResponse(await service.request(null, '/me/export'), 401);
  });

  it('pages through more tasks than one batch', async () => {
    await service.database.db.user.create({ data: { id: 'many' } });
    const listId = await inboxOf(service.database.db, 'many');
    for (let i = 0; i < 520; i += 1) await service.database.db.task.create({ data: { userId: 'many', listId, title: `t${i}`, updatedAt: NOW } });
    const document = (await (await service.request('many', '/me/export')).json()) as any;
    expect(document.tasks).toHaveLength(520);
    expect(new Set(document.tasks.map((t: any) => t.id)).size).toBe(520);
  });
});
