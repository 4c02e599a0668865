import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushServiceStandIn } from '../push/support/push-service.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';
import { confirmAddress, mailsTo } from './support/mail-helpers.js';
import { createSmtpServer, waitFor, type SmtpServer } from './support/smtp-server.js';

const CONTACT = 'mailto:ops@tickler.example';

describe.each(PROVIDERS)('push, the email fallback and delivery events on %s', (provider) => {
  let service: TestService;
  let smtp: SmtpServer;
  let pushService: PushServiceStandIn;
  let receiver: Receiver;
  let publicKey = '';
  let users = 0;
  const newUser = () => `fallback-user-${(users += 1)}`;

  beforeAll(async () => {
    smtp = await createSmtpServer();
    await smtp.start();
    service = await startTestService(provider, {
      env: {
        SMTP_URL: smtp.url,
        PUSH_CONTACT: CONTACT,
        WEBHOOK_ALLOW_INSECURE: 'true',
        REMINDER_SWEEP_INTERVAL: '100ms',
        WEBHOOK_SWEEP_INTERVAL: '200ms',
        WEBHOOK_TIMEOUT: '1s',
        WEBHOOK_LEASE: '3s',
      },
    });
    publicKey = ((await (await service.request('anyone', '/push/vapid-public-key')).json()) as { publicKey: string }).publicKey;
    pushService = await startPushService({ publicKey: () => publicKey, contact: CONTACT });
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
    await pushService?.close();
    await receiver?.close();
  });

  const deliveries = async (user: string) => (await (await service.request(user, '/me/deliveries?limit=10')).json()) as Array<Record<string, unknown>>;

  async function prepare(user: string, address: string) {
    await confirmAddress(service, smtp, user, address);
    const browser = pushService.subscribe();
    const subscribed = await service.request(user, '/push/subscriptions', jsonRequest('POST', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys }));
    expect(subscribed.status).toBe(201);
    const hook = await service.request(user, '/webhooks', jsonRequest('POST', { url: `${receiver.url}/${user}`, events: ['reminder.delivered', 'reminder.failed'] }));
    expect(hook.status).toBe(201);
  }

  async function fire(user: string, title: string) {
    const created = await service.request(user, '/tasks', jsonRequest('POST', { title, dueAt: new Date(Date.now() + 1000).toISOString(), remindBefore: 0 }));
    return (await created.json()) as { id: number };
  }

  const hooksFor = (user: string) => receiver.received.filter((hook) => hook.headers['host'] !== undefined && hook.body.includes(`"createdBy":"${user}"`));

  it('mails the reminder when every push attempt failed, and tells webhooks of both channels', async () => {
    const user = newUser();
    await prepare(user, 'pushfails@example.com');
    pushService.respondWith(() => ({ status: 400 }));
    const task = await fire(user, 'Push fails');
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'pushfails@example.com', 'Reminder: Push fails');
      return found.length > 0 && found;
    }, 'the fallback mail');
    expect(mail!.text).toContain('push did not');
    await waitFor(() => hooksFor(user).length === 2, 'two webhooks');
    const events = hooksFor(user).map((hook) => [hook.payload.type, hook.payload.data.delivery.channel]);
    expect(events).toEqual(expect.arrayContaining([['reminder.failed', 'push'], ['reminder.delivered', 'email']]));
    const emailHook = hooksFor(user).find((hook) => hook.payload.data.delivery.channel === 'email')!;
    expect(emailHook.payload.data.task.id).toBe(task.id);
    expect(emailHook.payload.data.delivery).toMatchObject({ reason: 'fallback: every push attempt failed', error: null, sentAt: expect.any(String) });
    const log = await deliveries(user);
    expect(log).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'push', taskId: task.id, outcome: 'failed', error: 'HTTP 400', sentAt: null }),
        expect.objectContaining({ channel: 'email', taskId: task.id, outcome: 'delivered', reason: 'fallback: every push attempt failed' }),
      ]),
    );
    expect(log).toHaveLength(2);
  });

  it('mails nothing when push got through, and logs the push delivery', async () => {
    const user = newUser();
    await prepare(user, 'pushworks@example.com');
    pushService.respondWith(() => ({ status: 201 }));
    const task = await fire(user, 'Push works');
    await waitFor(() => hooksFor(user).length === 1, 'the push webhook');
    expect(hooksFor(user)[0]!.payload).toMatchObject({ type: 'reminder.delivered', data: { delivery: { channel: 'push', error: null } } });
    const settled = await waitFor(async () => {
      const row = await service.database.db.emailDelivery.findFirst({ where: { userId: user, kind: 'reminder' } });
      return row?.state === 'skipped' && row;
    }, 'the fallback settled');
    expect(settled.sentAt).toBeNull();
    expect(await mailsTo(smtp, 'pushworks@example.com', 'Reminder: Push works')).toEqual([]);
    expect(await deliveries(user)).toEqual([
      expect.objectContaining({ channel: 'push', taskId: task.id, outcome: 'delivered', error: null, sentAt: expect.any(String) }),
    ]);
  });

  it('pushes nothing to a person who turned push off, and mails them instead', async () => {
    const user = newUser();
    await prepare(user, 'pushoff@example.com');
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { push: false, email: true }));
    const before = pushService.requests();
    await fire(user, 'Push off');
    await waitFor(async () => (await mailsTo(smtp, 'pushoff@example.com', 'Reminder: Push off')).length === 1, 'the mail');
    expect(pushService.requests()).toBe(before);
  });

  it('gives up a mail the server refuses for good (550) at once, and tells webhooks reminder.failed', async () => {
    const user = newUser();
    await prepare(user, 'confirmable@example.com');
    // An address the server refuses cannot be confirmed through its mail: the test confirms it directly.
    await service.database.db.user.update({ where: { id: user }, data: { email: 'bounce@example.com', emailConfirmedAt: new Date() } });
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }));
    pushService.respondWith(() => ({ status: 201 }));
    const task = await fire(user, 'Bounces');
    await waitFor(() => hooksFor(user).some((hook) => hook.payload.data.delivery.channel === 'email'), 'the email webhook');
    const emailHook = hooksFor(user).find((hook) => hook.payload.data.delivery.channel === 'email')!;
    expect(emailHook.payload.type).toBe('reminder.failed');
    expect(emailHook.payload.data.delivery).toMatchObject({ sentAt: null, error: expect.stringContaining('550'), reason: null });
    const log = await deliveries(user);
    expect(log.find((entry) => entry.channel === 'email')).toMatchObject({ taskId: task.id, outcome: 'failed', error: expect.stringContaining('550') });
    const row = await service.database.db.emailDelivery.findFirstOrThrow({ where: { userId: user, kind: 'reminder' } });
    expect(row.attemptCount).toBe(1);
  });
});
