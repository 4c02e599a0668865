import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startPushService, waitFor, type PushServiceStandIn } from './support/push-service.js';

const CONTACT = 'mailto:ops@tickler.example';

describe.each(PROVIDERS)('push delivery on %s', (provider) => {
  let service: TestService;
  let pushService: PushServiceStandIn;
  let publicKey = '';
  let users = 0;
  const newUser = () => `push-user-${(users += 1)}`;

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: {
        WEBHOOK_ALLOW_INSECURE: 'true',
        PUSH_CONTACT: CONTACT,
        REMINDER_SWEEP_INTERVAL: '100ms',
        WEBHOOK_SWEEP_INTERVAL: '100ms',
        WEBHOOK_TIMEOUT: '1s',
        WEBHOOK_LEASE: '3s',
      },
    });
    publicKey = ((await (await service.request('anyone', '/push/vapid-public-key')).json()) as { publicKey: string }).publicKey;
    pushService = await startPushService({ publicKey: () => publicKey, contact: CONTACT });
  });
  afterEach(() => {
    expect(pushService.rejected).toEqual([]);
    pushService.respondWith(() => ({ status: 201 }));
  });
  afterAll(async () => {
    await service?.close();
    await pushService?.close();
  });

  async function subscribe(user: string) {
    const browser = pushService.subscribe();
    const response = await service.request(user, '/push/subscriptions', jsonRequest('POST', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys }));
    expect(response.status).toBe(201);
    return { browser, id: ((await response.json()) as { id: number }).id };
  }

  const arrivedAt = (endpoint: string) => pushService.received.filter((push) => push.subscriptionEndpoint === endpoint);
  const log = async (user: string, id: number) =>
    (await (await service.request(user, `/push/subscriptions/${id}/deliveries`)).json()) as Array<Record<string, any>>;

  it('pushes a due reminder to every subscription of its user, encrypted and VAPID-signed, within 2 s of firing', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    const laptop = await subscribe(user);
    const bystander = await subscribe(newUser());
    const dueAt = new Date(Date.now() + 1500);
    const created = await service.request(user, '/tasks', jsonRequest('POST', { title: 'Take the pills', dueAt: dueAt.toISOString(), remindBefore: 0 }));
    const task = (await created.json()) as { id: number };

    await waitFor(() => arrivedAt(phone.browser.endpoint).length > 0 && arrivedAt(laptop.browser.endpoint).length > 0, 'both devices');
    const [push] = arrivedAt(phone.browser.endpoint);
    const event = await service.database.db.event.findFirstOrThrow({ where: { userId: user, type: 'reminder.due' } });
    expect(push!.message).toEqual({
      type: 'reminder.due',
      taskId: String(task.id),
      title: 'Take the pills',
      dueAt: dueAt.toISOString(),
      offsetMinutes: 0,
      url: `/tasks/${task.id}`,
      eventId: event.id,
    });
    expect(arrivedAt(laptop.browser.endpoint)[0]!.message).toEqual(push!.message);
    expect(push!.jwt).toMatchObject({ aud: pushService.url, sub: CONTACT });
    expect(push!.urgency).toBe('high');
    expect(push!.topic).toBe(`task-${task.id}`);
    // Meaningful until the task has been due for REMINDER_GRACE (1 h): no longer.
    expect(push!.ttl).toBeGreaterThan(3500);
    expect(push!.ttl).toBeLessThanOrEqual(3600);
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(push!.receivedAt - reminder.firedAt!.getTime()).toBeLessThan(2000);
    expect(arrivedAt(bystander.browser.endpoint)).toEqual([]);
    await waitFor(async () => (await log(user, phone.id)).length === 1, 'the delivery log');
    expect(await log(user, phone.id)).toEqual([
      expect.objectContaining({ eventId: event.id, type: 'reminder.due', attempt: 1, statusCode: 201, deliveryState: 'delivered', nextAttemptAt: null }),
    ]);
  });

  it('writes a batch of results again when writing it failed: the push is on record once and not sent again', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    const { raw, db } = service.database;
    // The first write of a push attempt fails (its whole batch rolls back); later ones go through.
    let failures = 0;
    if (raw.provider === 'sqlite') {
      raw.writer.function('tickler_test_fail_once', () => {
        if (failures > 0) return 0;
        failures += 1;
        throw new Error('injected: the batch fails once');
      });
      raw.writer.exec('CREATE TRIGGER fail_push_attempt_once BEFORE INSERT ON push_attempts BEGIN SELECT tickler_test_fail_once(); END');
    } else {
      // A sequence is not rolled back with the transaction that drew from it.
      await db.$executeRawUnsafe('CREATE SEQUENCE fail_once_seq');
      await db.$executeRawUnsafe(`CREATE FUNCTION fail_push_attempt_once() RETURNS trigger AS $$
        BEGIN IF nextval('fail_once_seq') = 1 THEN RAISE EXCEPTION 'injected: the batch fails once'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await db.$executeRawUnsafe('CREATE TRIGGER fail_push_attempt_once BEFORE INSERT ON push_attempts FOR EACH ROW EXECUTE FUNCTION fail_push_attempt_once()');
    }
    try {
      await service.request(user, '/tasks', jsonRequest('POST', { title: 'Recorded once', dueAt: new Date(Date.now() + 300).toISOString(), remindBefore: 0 }));
      await waitFor(async () => (await log(user, phone.id)).length === 1, 'the attempt on record');
      if (raw.provider === 'sqlite') expect(failures).toBe(1);
      else expect(Number((await db.$queryRawUnsafe<Array<{ n: bigint }>>('SELECT last_value AS n FROM fail_once_seq'))[0]!.n)).toBeGreaterThanOrEqual(2);
      // Past the claim's lease (WEBHOOK_LEASE 3 s): a result that was dropped would have been sent again by now.
      await new Promise((resolve) => setTimeout(resolve, 3500));
      expect(arrivedAt(phone.browser.endpoint)).toHaveLength(1);
      expect(await log(user, phone.id)).toEqual([expect.objectContaining({ attempt: 1, statusCode: 201, deliveryState: 'delivered' })]);
      const outcomes = await db.event.findMany({ where: { userId: user, type: 'reminder.delivered' } });
      expect(outcomes.map((event) => (JSON.parse(event.payload) as { delivery: { channel: string } }).delivery.channel)).toEqual(['push']);
    } finally {
      if (raw.provider === 'sqlite') raw.writer.exec('DROP TRIGGER fail_push_attempt_once');
      else await db.$executeRawUnsafe('DROP TRIGGER fail_push_attempt_once ON push_attempts');
    }
  });

  it('sends the longest title a task can have whole, within 3 KB', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    const title = '🔔'.repeat(500);
    await service.request(user, '/tasks', jsonRequest('POST', { title, dueAt: new Date(Date.now() + 300).toISOString(), remindBefore: 0 }));
    await waitFor(() => arrivedAt(phone.browser.endpoint).length > 0, 'the reminder');
    const message = arrivedAt(phone.browser.endpoint)[0]!.message;
    expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThanOrEqual(3072);
    expect(message.title).toBe(title);
  });

  it('deletes a subscription the push service answers 410 Gone for, at once', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    const kept = await subscribe(user);
    pushService.respondWith((push) => ({ status: push.subscriptionEndpoint === phone.browser.endpoint ? 410 : 201 }));
    expect((await service.request(user, `/push/subscriptions/${phone.id}/test`, { method: 'POST' })).status).toBe(202);
    await waitFor(async () => (await service.database.db.pushSubscription.count({ where: { id: BigInt(phone.id) } })) === 0, 'the deletion');
    const listed = (await (await service.request(user, '/push/subscriptions')).json()) as Array<{ id: number }>;
    expect(listed.map((s) => s.id)).toEqual([kept.id]);
    expect(arrivedAt(phone.browser.endpoint)).toHaveLength(1);
  });

  it('retries a 429 no sooner than its Retry-After, then logs both attempts', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    pushService.respondWith((_push, index) => (arrivedAt(phone.browser.endpoint).length === 1 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 201 }));
    await service.request(user, `/push/subscriptions/${phone.id}/test`, { method: 'POST' });
    await waitFor(() => arrivedAt(phone.browser.endpoint).length === 2, 'the retry', 10_000);
    const [first, second] = arrivedAt(phone.browser.endpoint);
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(1900);
    expect(second!.message).toEqual(first!.message);
    await waitFor(async () => (await log(user, phone.id)).length === 2, 'both attempts logged');
    const attempts = await log(user, phone.id);
    expect(attempts.map((a) => [a.attempt, a.statusCode, a.deliveryState])).toEqual([
      [2, 201, 'delivered'],
      [1, 429, 'delivered'],
    ]);
    expect(attempts[1]!.nextAttemptAt).not.toBeNull();
  });

  it('does not retry a 413 or another 4xx, and records why', async () => {
    const user = newUser();
    const phone = await subscribe(user);
    const tablet = await subscribe(user);
    pushService.respondWith((push) => ({ status: push.subscriptionEndpoint === phone.browser.endpoint ? 413 : 400 }));
    await service.request(user, `/push/subscriptions/${phone.id}/test`, { method: 'POST' });
    await service.request(user, `/push/subscriptions/${tablet.id}/test`, { method: 'POST' });
    await waitFor(async () => (await log(user, phone.id)).length === 1 && (await log(user, tablet.id)).length === 1, 'both logged');
    expect(await log(user, phone.id)).toEqual([expect.objectContaining({ statusCode: 413, deliveryState: 'failed', nextAttemptAt: null, error: expect.stringContaining('413') })]);
    expect(await log(user, tablet.id)).toEqual([expect.objectContaining({ statusCode: 400, deliveryState: 'failed', nextAttemptAt: null })]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(arrivedAt(phone.browser.endpoint)).toHaveLength(1);
    expect(arrivedAt(tablet.browser.endpoint)).toHaveLength(1);
    expect(await service.database.db.pushSubscription.count({ where: { userId: user } })).toBe(2);
  });
});
