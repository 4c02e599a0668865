import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, verifyWebhook, waitUntil, type Receiver } from './support/receiver.js';

const DAY = 86_400_000;

describe.each(PROVIDERS)('webhook delivery on %s', (provider) => {
  let service: TestService;
  const logs: string[] = [];
  const secrets: string[] = [];
  const receivers: Receiver[] = [];
  let skewMs = 0;
  let userCount = 0;

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: {
        WEBHOOK_ALLOW_INSECURE: 'true',
        WEBHOOK_RETRY_SCHEDULE: '0s,250ms,500ms,500ms,500ms,500ms',
        WEBHOOK_SWEEP_INTERVAL: '100ms',
        WEBHOOK_TIMEOUT: '1s',
        WEBHOOK_LEASE: '3s',
        WEBHOOK_CONCURRENCY_PER_ENDPOINT: '2',
        REMINDER_SWEEP_INTERVAL: '100ms',
        LOG_LEVEL: 'debug',
      },
      // Moved forward only by the last test (an endpoint failing for 5 days).
      clock: { now: () => new Date(Date.now() + skewMs) },
      logDestination: { write: (line: string) => void logs.push(line) },
    });
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(async () => service?.close());

  /** A user of its own per test, so one test's deliveries never reach another's receiver. */
  const newUser = () => `user-${(userCount += 1)}`;

  async function receiver(...args: Parameters<typeof startReceiver>) {
    const started = await startReceiver(...args);
    receivers.push(started);
    return started;
  }

  async function register(userId: string, body: Record<string, unknown>) {
    const response = await service.request(userId, '/webhooks', jsonRequest('POST', body));
    expect(response.status).toBe(201);
    const endpoint = (await response.json()) as { id: number; secret: string };
    secrets.push(endpoint.secret);
    return endpoint;
  }

  async function createTask(userId: string, body: Record<string, unknown> = { title: 'Call mom' }) {
    const response = await service.request(userId, '/tasks', jsonRequest('POST', body));
    expect(response.status).toBe(201);
    return (await response.json()) as { id: number; title: string };
  }

  async function attempts(userId: string, endpointId: number, limit = 100) {
    const response = await service.request(userId, `/webhooks/${endpointId}/deliveries?limit=${limit}`);
    expect(response.status).toBe(200);
    return (await response.json()) as Array<Record<string, any>>;
  }

  async function endpoint(userId: string, endpointId: number) {
    return (await (await service.request(userId, `/webhooks/${endpointId}`)).json()) as Record<string, any>;
  }

  /** The stored deliveries of the endpoint with this URL, oldest first. */
  async function deliveriesOf(url: string) {
    return service.database.db.webhookDelivery.findMany({ where: { endpoint: { url } }, orderBy: { id: 'asc' } });
  }

  async function outboxEventIds(userId: string): Promise<string[]> {
    const events = await service.database.db.event.findMany({ where: { userId }, orderBy: { id: 'asc' } });
    return events.map((event) => event.id);
  }

  it('signs every delivery so that standardwebhooks verifies it, with the documented body for each event type', async () => {
    const user = newUser();
    const hook = await receiver();
    const { secret } = await register(user, { url: hook.url });
    const task = await createTask(user, { title: 'Water plants', dueAt: new Date(Date.now() + 1000).toISOString(), remindBefore: 0 });
    await waitUntil(() => hook.received.some((w) => w.payload.type === 'reminder.due'), 'the reminder');
    expect((await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    await waitUntil(() => hook.received.length >= 3, 'task.created, reminder.due and task.completed');

    const eventIds = await outboxEventIds(user);
    expect(hook.received.map((w) => w.id).sort()).toEqual([...eventIds].sort());
    for (const webhook of hook.received) {
      expect(verifyWebhook(secret, webhook)).toEqual(webhook.payload);
      expect(webhook.headers['content-type']).toBe('application/json');
      expect(webhook.signature).toMatch(/^v1,[A-Za-z0-9+/]+={0,2}$/);
      expect(Math.abs(Number(webhook.timestamp) - Date.now() / 1000)).toBeLessThan(30);
      expect(Object.keys(webhook.payload)).toEqual(['type', 'timestamp', 'data']);
      expect(webhook.payload.data.task).toMatchObject({ id: task.id, title: 'Water plants', priority: 'low', remindBefore: 0 });
    }
    const byType = Object.fromEntries(hook.received.map((w) => [w.payload.type, w.payload]));
    expect(Object.keys(byType).sort()).toEqual(['reminder.due', 'task.completed', 'task.created']);
    expect(byType['task.completed']!.data.task.status).toBe('completed');
    expect(byType['reminder.due']!.data.reminder).toMatchObject({ offsetMinutes: 0, late: false });
    expect(Object.keys(byType['reminder.due']!.data.reminder).sort()).toEqual(['firedAt', 'kind', 'late', 'lateSeconds', 'offsetMinutes', 'plannedAt', 'reminderId', 'ring', 'slot']);
    // A tampered body or another secret does not verify.
    expect(() => verifyWebhook(secret, { ...hook.received[0]!, body: hook.received[0]!.body.replace('Water', 'Wafer') })).toThrow();
    expect(() => verifyWebhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`, hook.received[0]!)).toThrow();
  });

  it('sends only the subscribed event types', async () => {
    const user = newUser();
    const all = await receiver();
    const completedOnly = await receiver();
    await register(user, { url: all.url });
    await register(user, { url: completedOnly.url, events: ['task.completed'] });
    const task = await createTask(user);
    await service.request(user, `/tasks/${task.id}`, { method: 'DELETE' });
    await waitUntil(() => all.received.length === 2 && completedOnly.received.length === 1, 'both receivers');
    expect(completedOnly.received.map((w) => w.payload.type)).toEqual(['task.completed']);
    // Both events were fanned out by now (the other endpoint received both): deliveries are stored before
    // they are sent, so a task.created meant for the task.completed endpoint would be here.
    expect((await deliveriesOf(completedOnly.url)).map((d) => d.eventType)).toEqual(['task.completed']);
  });

  it('retries a receiver that fails, then recovers: delivered, same webhook-id on every attempt, every attempt logged', async () => {
    const user = newUser();
    const hook = await receiver((_webhook, index) => (index < 2 ? { status: 500, body: 'try later' } : { status: 204 }));
    const { id, secret } = await register(user, { url: hook.url });
    await createTask(user);
    await waitUntil(() => hook.received.length === 3, 'the third attempt');
    const [eventId] = await outboxEventIds(user);
    expect(hook.received.map((w) => w.id)).toEqual([eventId, eventId, eventId]);
    for (const webhook of hook.received) verifyWebhook(secret, webhook);

    await waitUntil(async () => (await attempts(user, id)).length === 3, 'three logged attempts');
    const log = await attempts(user, id);
    expect(log.map((a) => [a.attempt, a.statusCode, a.error, a.deliveryState])).toEqual([
      [3, 204, null, 'delivered'],
      [2, 500, 'HTTP 500', 'delivered'],
      [1, 500, 'HTTP 500', 'delivered'],
    ]);
    for (const attempt of log) {
      expect(attempt).toMatchObject({ eventId, type: 'task.created', latencyMs: expect.any(Number) });
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
    }
    expect(log[2]!.responseBody).toBe('try later');
    expect(log[0]!.nextAttemptAt).toBeNull();
    // The second attempt came about 250 ms (plus up to 10 % jitter) after the first.
    const gap = Date.parse(log[2]!.nextAttemptAt) - Date.parse(log[2]!.attemptedAt);
    expect(gap).toBeGreaterThanOrEqual(200);
    expect(gap).toBeLessThan(1000);
    // Delivered for good: nothing is left to send to it.
    expect((await deliveriesOf(hook.url)).map((d) => [d.state, d.attemptCount, d.nextAttemptAt])).toEqual([['delivered', 3, null]]);
    expect(hook.received).toHaveLength(3);
  });

  it('delivers everything to a receiver that was down for a while, once it is back', async () => {
    const user = newUser();
    const hook = await receiver();
    const { id, secret } = await register(user, { url: hook.url });
    await hook.stop();
    for (let i = 0; i < 5; i += 1) await createTask(user, { title: `while down ${i}` });
    await waitUntil(async () => (await attempts(user, id)).filter((a) => a.statusCode === null).length >= 5, 'refused attempts');
    expect((await attempts(user, id))[0]!.error).toMatch(/ECONNREFUSED/);
    // Down for a while: every event has been refused more than once before the receiver comes back.
    await waitUntil(async () => {
      const waiting = await deliveriesOf(hook.url);
      return waiting.length === 5 && waiting.every((d) => d.state === 'pending' && d.attemptCount >= 2);
    }, 'every event retried while the receiver is down');
    await hook.start();
    await waitUntil(() => new Set(hook.received.map((w) => w.id)).size === 5, 'all five events after the receiver came back');
    expect(new Set(hook.received.map((w) => w.id))).toEqual(new Set(await outboxEventIds(user)));
    for (const webhook of hook.received) verifyWebhook(secret, webhook);
    expect(hook.received.map((w) => w.payload.data.task.title).sort()).toEqual([0, 1, 2, 3, 4].map((i) => `while down ${i}`));
  });

  it('disables an endpoint at once when it answers 410 Gone, says why, and sends it nothing more', async () => {
    const user = newUser();
    const hook = await receiver(() => ({ status: 410, body: 'gone' }));
    const { id } = await register(user, { url: hook.url });
    await createTask(user);
    await waitUntil(async () => (await endpoint(user, id)).enabled === false, 'the endpoint to be disabled');
    const disabled = await endpoint(user, id);
    expect(disabled.disabledReason).toMatch(/410 Gone/);
    expect(disabled.disabledAt).not.toBeNull();
    expect((await attempts(user, id)).map((a) => [a.statusCode, a.deliveryState, a.nextAttemptAt])).toEqual([[410, 'failed', null]]);

    // A healthy endpoint of the same user gets the next event: once it has it, that event has been fanned
    // out and the dispatcher has been through the due deliveries since.
    const witness = await receiver();
    await register(user, { url: witness.url });
    const next = await createTask(user);
    await waitUntil(() => witness.received.some((w) => w.payload.data.task?.id === next.id), 'the healthy endpoint to get the next event');
    expect(hook.received).toHaveLength(1);
    // A disabled endpoint is left out of the fan-out: only the first event was ever meant for it.
    expect((await deliveriesOf(hook.url)).map((d) => [d.state, d.attemptCount])).toEqual([['failed', 1]]);
    expect((await service.request(user, `/webhooks/${id}/test`, { method: 'POST' })).status).toBe(409);

    hook.respondWith(() => ({ status: 200 }));
    const enabled = await service.request(user, `/webhooks/${id}`, jsonRequest('PATCH', { enabled: true }));
    expect(await enabled.json()).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    await createTask(user, { title: 'after re-enabling' });
    await waitUntil(() => hook.received.some((w) => w.payload.data.task?.title === 'after re-enabling'), 'a delivery after re-enabling');
  });

  it('keeps what was waiting for an endpoint that answered 410 Gone, and sends it once the endpoint is enabled again', async () => {
    const user = newUser();
    const hook = await receiver(() => ({ status: 410 }));
    const { id } = await register(user, { url: hook.url });
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => createTask(user, { title: `burst ${i}` })));
    await waitUntil(async () => (await endpoint(user, id)).enabled === false, 'the endpoint to be disabled');
    const deliveries = () => service.database.db.webhookDelivery.findMany({ where: { endpointId: BigInt(id) } });
    // The attempts in flight when the endpoint was disabled finish; nothing holds a claim after them.
    await waitUntil(async () => {
      const all = await deliveries();
      return all.length > 0 && all.every((d) => d.lockedUntil === null);
    }, 'the attempts in flight to finish');
    const gone = (await deliveries()).filter((d) => d.state === 'failed');
    // Only attempts already in flight when the first 410 came back (2 slots per endpoint here) were spent.
    expect(gone.length).toBeGreaterThanOrEqual(1);
    expect(gone.length).toBeLessThanOrEqual(2);
    expect(hook.received).toHaveLength(gone.length);

    hook.respondWith(() => ({ status: 200 }));
    await service.request(user, `/webhooks/${id}`, jsonRequest('PATCH', { enabled: true }));
    await waitUntil(async () => (await deliveries()).every((d) => d.state !== 'pending'), 'the waiting deliveries');
    const states = (await deliveries()).map((d) => d.state);
    expect(states.filter((state) => state === 'delivered')).toHaveLength(states.length - gone.length);
    expect(hook.received).toHaveLength(states.length);
  });

  it('treats a redirect as a failure and does not follow it; keeps at most 64 KiB of an answer', async () => {
    const user = newUser();
    const elsewhere = await receiver();
    const hook = await receiver((_webhook, index) =>
      index === 0 ? { status: 307, body: elsewhere.url } : { status: 500, body: 'x'.repeat(100 * 1024) },
    );
    const { id } = await register(user, { url: hook.url });
    await createTask(user);
    await waitUntil(async () => (await attempts(user, id)).length >= 2, 'two attempts');
    const log = await attempts(user, id);
    const first = log.find((a) => a.attempt === 1)!;
    const second = log.find((a) => a.attempt === 2)!;
    expect(first).toMatchObject({ statusCode: 307, error: 'HTTP 307: redirects are not followed' });
    expect(second.responseBody).toHaveLength(64 * 1024);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('keeps a hanging receiver to its own slots: other endpoints get their deliveries at once', async () => {
    const user = newUser();
    const hanging = await receiver(() => ({ status: 200, hang: true }));
    const fast = await receiver();
    await register(user, { url: hanging.url });
    await register(user, { url: fast.url });
    await Promise.all([0, 1, 2, 3, 4, 5].map((i) => createTask(user, { title: `burst ${i}` })));
    await waitUntil(() => fast.received.length === 6, 'all six at the fast receiver', 10_000);
    // Not queued behind the hanging receiver: all six reached the fast one before any hanging attempt gave
    // up (the 1 s timeout), which is when a slot shared with the hanging receiver would have come free.
    expect(hanging.received.length).toBeGreaterThan(0);
    expect(fast.received.at(-1)!.receivedAt).toBeLessThan(hanging.closedAt[0] ?? Infinity);
    expect(hanging.maxOpen()).toBeLessThanOrEqual(2);
    expect(hanging.open()).toBeGreaterThan(0);
  });

  it('sends a burst to one receiver over a few kept-alive connections, each delivery once and verified', async () => {
    const user = newUser();
    const hook = await receiver();
    const { secret } = await register(user, { url: hook.url });
    await Promise.all(Array.from({ length: 40 }, (_, i) => createTask(user, { title: `burst ${i}` })));
    await waitUntil(() => hook.received.length >= 40, 'all forty at the receiver');
    expect(new Set(hook.received.map((webhook) => webhook.id)).size).toBe(40);
    for (const webhook of hook.received) verifyWebhook(secret, webhook);
    // At most WEBHOOK_CONCURRENCY_PER_ENDPOINT (2) requests are in flight to it at once, so two
    // connections carry all forty when they are kept alive (one per request when they are not).
    expect(hook.connections()).toBeLessThanOrEqual(2);
  });

  it('sends a webhook.test event and replays a delivery on request, with the same webhook-id', async () => {
    const user = newUser();
    const hook = await receiver();
    const { id, secret } = await register(user, { url: hook.url });
    const test = await service.request(user, `/webhooks/${id}/test`, { method: 'POST' });
    expect(test.status).toBe(202);
    const queued = (await test.json()) as { deliveryId: number; eventId: string };
    await waitUntil(() => hook.received.length === 1, 'the test event');
    expect(hook.received[0]!.id).toBe(queued.eventId);
    expect(verifyWebhook(secret, hook.received[0]!)).toMatchObject({ type: 'webhook.test', data: { endpointId: id } });
    await waitUntil(async () => (await attempts(user, id)).length === 1, 'the logged attempt');

    const retry = await service.request(user, `/webhooks/${id}/deliveries/${queued.deliveryId}/retry`, { method: 'POST' });
    expect(retry.status).toBe(202);
    expect(await retry.json()).toEqual(queued);
    await waitUntil(() => hook.received.length === 2, 'the replay');
    expect(hook.received[1]!.id).toBe(queued.eventId);
    expect(hook.received[1]!.body).toBe(hook.received[0]!.body);
    verifyWebhook(secret, hook.received[1]!);
    await waitUntil(async () => (await attempts(user, id)).length === 2, 'the replay in the log');
    expect((await attempts(user, id))[0]).toMatchObject({ attempt: 2, deliveryId: queued.deliveryId, deliveryState: 'delivered' });
    expect((await service.request(user, `/webhooks/${id}/deliveries/999999/retry`, { method: 'POST' })).status).toBe(404);
  });

  it('after a secret rotation signs with the new secret and, for a day, also the old one', async () => {
    const user = newUser();
    const hook = await receiver();
    const { id, secret: oldSecret } = await register(user, { url: hook.url });
    const rotated = (await (await service.request(user, `/webhooks/${id}/rotate-secret`, { method: 'POST' })).json()) as { secret: string };
    secrets.push(rotated.secret);
    expect(rotated.secret).not.toBe(oldSecret);
    await service.request(user, `/webhooks/${id}/test`, { method: 'POST' });
    await waitUntil(() => hook.received.length === 1, 'the test event');
    expect(hook.received[0]!.signature.split(' ')).toHaveLength(2);
    verifyWebhook(rotated.secret, hook.received[0]!);
    verifyWebhook(oldSecret, hook.received[0]!);
  });

  it("never delivers one user's events to another user's endpoint", async () => {
    const alice = newUser();
    const bob = newUser();
    const aliceHook = await receiver();
    const bobHook = await receiver();
    await register(alice, { url: aliceHook.url });
    await register(bob, { url: bobHook.url });
    const aliceTasks = [await createTask(alice, { title: 'alice 1' }), await createTask(alice, { title: 'alice 2' })];
    const bobTasks = [await createTask(bob, { title: 'bob 1' })];
    await waitUntil(() => aliceHook.received.length === 2 && bobHook.received.length === 1, 'both receivers');
    // Deliveries are stored before they are sent: none of alice's events was ever meant for bob's endpoint.
    expect((await deliveriesOf(bobHook.url)).map((d) => d.userId)).toEqual([bob]);
    expect((await deliveriesOf(aliceHook.url)).map((d) => d.userId)).toEqual([alice, alice]);
    expect(aliceHook.received.map((w) => w.payload.data.task.id).sort()).toEqual(aliceTasks.map((t) => t.id).sort());
    expect(bobHook.received.map((w) => w.payload.data.task.id)).toEqual(bobTasks.map((t) => t.id));
    expect(new Set(aliceHook.received.map((w) => w.id))).toEqual(new Set(await outboxEventIds(alice)));
  });

  it('never writes a secret to the log (debug level included)', async () => {
    expect(secrets.length).toBeGreaterThan(5);
    expect(logs.length).toBeGreaterThan(20);
    const joined = logs.join('\n');
    for (const secret of secrets) {
      expect(joined).not.toContain(secret);
      expect(joined).not.toContain(secret.slice('whsec_'.length));
    }
  });

  // Last: it moves the service's clock five days ahead.
  it('disables an endpoint whose attempts have all failed for 5 days, and says why', async () => {
    const user = newUser();
    const hook = await receiver(() => ({ status: 503, body: 'down for maintenance' }));
    const { id } = await register(user, { url: hook.url });
    await createTask(user, { title: 'first failure' });
    await waitUntil(async () => (await attempts(user, id)).length > 0, 'the first failed attempt');
    expect((await endpoint(user, id)).enabled).toBe(true);

    skewMs = 5 * DAY + 60_000;
    await createTask(user, { title: 'five days later' });
    await waitUntil(async () => (await endpoint(user, id)).enabled === false, 'the endpoint to be disabled');
    const disabled = await endpoint(user, id);
    expect(disabled.disabledReason).toMatch(/Every delivery attempt failed from .* to .*HTTP 503/);
  });
});
