import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { confirmAddress, linkIn, mailsTo } from './support/mail-helpers.js';
import { createSmtpServer, waitFor, type SmtpServer } from './support/smtp-server.js';

describe.each(PROVIDERS)('email on %s', (provider) => {
  let service: TestService;
  let smtp: SmtpServer;
  let users = 0;
  const newUser = () => `mail-user-${(users += 1)}`;

  beforeAll(async () => {
    smtp = await createSmtpServer();
    await smtp.start();
    service = await startTestService(provider, {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tickler <reminders@tickler.example>', REMINDER_SWEEP_INTERVAL: '100ms', WEBHOOK_SWEEP_INTERVAL: '200ms' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  const me = async (user: string) => (await (await service.request(user, '/me')).json()) as Record<string, unknown>;
  const deliveries = async (user: string) => (await (await service.request(user, '/me/deliveries')).json()) as Array<Record<string, unknown>>;

  async function taskDueSoon(user: string, title: string) {
    const dueAt = new Date(Date.now() + 1200);
    const created = await service.request(user, '/tasks', jsonRequest('POST', { title, dueAt: dueAt.toISOString(), remindBefore: 0 }));
    expect(created.status).toBe(201);
    return (await created.json()) as { id: number; dueAt: string };
  }

  it('says email is available in the capabilities', async () => {
    const config = (await (await service.request(null, '/auth/config')).json()) as { capabilities: Record<string, boolean> };
    expect(config.capabilities.email).toBe(true);
  });

  it('confirms an address through a single-use link: GET shows a page and changes nothing, POST confirms, a second POST answers already done', async () => {
    const user = newUser();
    const patched = await service.request(user, '/me', jsonRequest('PATCH', { email: 'ada@example.com' }));
    expect(await patched.json()).toMatchObject({ email: 'ada@example.com', emailConfirmed: false });
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'ada@example.com');
      return found.length > 0 && found;
    }, 'the confirmation mail');
    expect(mail!.subject).toBe('Confirm your email address for Tickler');
    expect(mail!.from?.value[0]?.address).toBe('reminders@tickler.example');
    const link = linkIn(mail!, 'confirm', service);
    expect(mail!.html).toContain(new URL(link).pathname);

    const shown = await fetch(link);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<form method="post"');
    expect(await me(user)).toMatchObject({ email: 'ada@example.com', emailConfirmed: false });

    const used = await fetch(link, { method: 'POST' });
    expect(used.status).toBe(200);
    expect(await used.text()).toContain('Address confirmed');
    expect(await me(user)).toMatchObject({ email: 'ada@example.com', emailConfirmed: true });

    const again = await fetch(link, { method: 'POST' });
    expect(await again.text()).toContain('Already done');
    // The confirmed address set again stays confirmed, and nothing more is mailed.
    expect(await (await service.request(user, '/me', jsonRequest('PATCH', { email: 'ada@example.com' }))).json()).toMatchObject({ emailConfirmed: true });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(smtp, 'ada@example.com')).toHaveLength(1);
    expect((await fetch(`${service.url}/mail/${'x'.repeat(43)}/confirm`, { method: 'POST' })).status).toBe(404);
  });

  it('mails at most five confirmation links a day to new addresses', async () => {
    const user = newUser();
    for (let i = 1; i <= 5; i += 1) {
      expect((await service.request(user, '/me', jsonRequest('PATCH', { email: `flood${i}@example.com` }))).status).toBe(200);
    }
    const refused = await service.request(user, '/me', jsonRequest('PATCH', { email: 'flood6@example.com', timeZone: 'Europe/Paris' }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 429, message: 'At most 5 confirmation mails a day; try again tomorrow' });
    expect(await me(user)).toMatchObject({ email: 'flood5@example.com', timeZone: 'UTC' });
  });

  it('sends a fresh confirmation link when the unconfirmed address is set again; the earlier link stops working', async () => {
    const user = newUser();
    await service.request(user, '/me', jsonRequest('PATCH', { email: 'lost@example.com' }));
    const first = await waitFor(async () => {
      const found = await mailsTo(smtp, 'lost@example.com');
      return found.length === 1 && found[0];
    }, 'the first confirmation mail');
    await service.request(user, '/me', jsonRequest('PATCH', { email: 'lost@example.com' }));
    const second = await waitFor(async () => {
      const found = await mailsTo(smtp, 'lost@example.com');
      return found.length === 2 && found.find((mail) => mail.messageId !== first.messageId);
    }, 'the second confirmation mail');
    expect((await fetch(linkIn(first, 'confirm', service), { method: 'POST' })).status).toBe(410);
    expect((await fetch(linkIn(second, 'confirm', service), { method: 'POST' })).status).toBe(200);
    expect(await me(user)).toMatchObject({ email: 'lost@example.com', emailConfirmed: true });
  });

  it('refuses a malformed address with 400 and changes nothing', async () => {
    const user = newUser();
    const response = await service.request(user, '/me', jsonRequest('PATCH', { email: 'not an address', timeZone: 'Europe/Paris' }));
    expect(response.status).toBe(400);
    expect(await me(user)).toMatchObject({ email: null, timeZone: 'UTC' });
  });

  it('mails a due reminder with both parts, Date, Message-ID and Done/Snooze links that act once', async () => {
    const user = newUser();
    await confirmAddress(service, smtp, user, 'grace@example.com');
    expect(await (await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }))).json()).toEqual({
      push: true,
      email: true,
      digest: { enabled: false, hour: 7 },
    });
    const task = await taskDueSoon(user, 'Water <the> plants');
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'grace@example.com', 'Reminder: Water <the> plants');
      return found.length > 0 && found;
    }, 'the reminder mail');
    expect(mail!.date).toBeInstanceOf(Date);
    expect(Math.abs(mail!.date!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(mail!.messageId).toMatch(/^<[0-9a-f-]{36}@127\.0\.0\.1>$/);
    expect(mail!.text).toContain('Water <the> plants');
    expect(mail!.text).toMatch(/^Due \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(UTC\)$/m);
    expect(mail!.text).toContain('List: Inbox');
    expect(mail!.html).toContain('Water &lt;the&gt; plants');
    expect(mail!.html).not.toContain('<the>');
    const done = linkIn(mail!, 'done', service);
    const snooze = linkIn(mail!, 'snooze', service);
    expect(mail!.html).toContain(new URL(done).pathname);
    expect(mail!.html).toContain(new URL(snooze).pathname);

    // A mail scanner's GET changes nothing.
    expect(await (await fetch(done)).text()).toContain('Mark done');
    expect(await (await fetch(snooze)).text()).toContain('Snooze 1 hour');
    const taskNow = async () => (await (await service.request(user, `/tasks/${task.id}`)).json()) as { status: string };
    expect((await taskNow()).status).toBe('pending');

    const snoozed = await fetch(snooze, { method: 'POST' });
    expect(snoozed.status).toBe(200);
    expect(await snoozed.text()).toContain('Snoozed');
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.snoozedUntil!.getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(await (await fetch(snooze, { method: 'POST' })).text()).toContain('Already done');

    const completed = await fetch(done, { method: 'POST' });
    expect(await completed.text()).toContain('is marked done');
    expect((await taskNow()).status).toBe('completed');
    expect(await (await fetch(done, { method: 'POST' })).text()).toContain('Already done');

    await waitFor(async () => (await deliveries(user)).some((entry) => entry.outcome === 'delivered'), 'the delivery log');
    expect(await deliveries(user)).toEqual([
      {
        channel: 'email',
        taskId: task.id,
        dueAt: task.dueAt,
        sentAt: expect.any(String),
        outcome: 'delivered',
        error: null,
        reason: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(await mailsTo(smtp, 'grace@example.com', 'Reminder: Water <the> plants')).toHaveLength(1);
  });

  it('mails nothing to an unconfirmed address', async () => {
    const user = newUser();
    await service.request(user, '/me', jsonRequest('PATCH', { email: 'unconfirmed@example.com' }));
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }));
    const task = await taskDueSoon(user, 'Unconfirmed reminder');
    await waitFor(async () => (await service.database.db.reminder.findUnique({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } }))?.state === 'fired', 'the reminder firing');
    await waitFor(async () => (await service.database.db.event.count({ where: { userId: user, type: 'reminder.due', fannedOutAt: { not: null } } })) === 1, 'the fan-out');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailsTo(smtp, 'unconfirmed@example.com')).toHaveLength(1); // the confirmation only
    expect(await deliveries(user)).toEqual([]);
  });

  it('falls back to email, saying why, when email is off and push has nowhere to go', async () => {
    const user = newUser();
    await confirmAddress(service, smtp, user, 'fallback@example.com');
    const task = await taskDueSoon(user, 'Fallback reminder');
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'fallback@example.com', 'Reminder: Fallback reminder');
      return found.length > 0 && found;
    }, 'the fallback mail');
    expect(mail!.text).toContain('because push did not reach you');
    await waitFor(async () => (await deliveries(user))[0]?.outcome === 'delivered', 'the delivery log');
    expect(await deliveries(user)).toEqual([
      expect.objectContaining({ channel: 'email', taskId: task.id, outcome: 'delivered', reason: 'fallback: no live push subscription' }),
    ]);
  });

  it('keeps a reminder mail while the SMTP server is down and sends it once when it is back', async () => {
    const user = newUser();
    await confirmAddress(service, smtp, user, 'outage@example.com');
    await smtp.stop();
    try {
      await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }));
      await taskDueSoon(user, 'Outage reminder');
      await waitFor(async () => (await deliveries(user))[0]?.error, 'a failed attempt');
      expect((await deliveries(user))[0]).toMatchObject({ outcome: 'pending', sentAt: null, error: expect.stringMatching(/ECONNREFUSED/) });
      // Operators see the backlog grow while the server is down.
      expect(await (await fetch(`${service.url}/metrics`)).text()).toMatch(/^email_deliveries_pending [1-9]/m);
    } finally {
      await smtp.start();
    }
    await waitFor(async () => (await deliveries(user))[0]?.outcome === 'delivered', 'the retry after the outage', 30_000);
    expect(await mailsTo(smtp, 'outage@example.com', 'Reminder: Outage reminder')).toHaveLength(1);
  });

  it('offers the address, the channels and the delivery log in GraphQL too', async () => {
    const user = newUser();
    const set = await graphqlRequest<any, unknown>(service, user, 'mutation { updateMe(input: { email: "gql@example.com" }) { email emailConfirmed } }');
    expect(set.body).toEqual({ data: { updateMe: { email: 'gql@example.com', emailConfirmed: false } } });
    const bad = await graphqlRequest<any, unknown>(service, user, 'mutation { updateMe(input: { email: "nope", timeZone: "Europe/Rome" }) { email } }');
    expect(bad.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const [mail] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'gql@example.com');
      return found.length > 0 && found;
    }, 'the confirmation mail');
    await fetch(linkIn(mail!, 'confirm', service), { method: 'POST' });
    const read = await graphqlRequest<any, unknown>(service, user, '{ me { email emailConfirmed timeZone } notificationSettings { push email digest { enabled hour } } }');
    expect(read.body.data).toEqual({
      me: { email: 'gql@example.com', emailConfirmed: true, timeZone: 'UTC' },
      notificationSettings: { push: true, email: false, digest: { enabled: false, hour: 7 } },
    });
    const changed = await graphqlRequest<any, unknown>(
      service,
      user,
      'mutation { updateNotificationSettings(input: { email: true, digest: { enabled: true, hour: 18 } }) { push email digest { enabled hour } } }',
    );
    expect(changed.body.data.updateNotificationSettings).toEqual({ push: true, email: true, digest: { enabled: true, hour: 18 } });
    const refused = await graphqlRequest<any, unknown>(service, user, 'mutation { updateNotificationSettings(input: { digest: { hour: 24 } }) { push } }');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await (await service.request(user, '/me/notifications')).json()).toEqual({ push: true, email: true, digest: { enabled: true, hour: 18 } });

    const task = await taskDueSoon(user, 'GraphQL reminder');
    await waitFor(async () => (await deliveries(user))[0]?.outcome === 'delivered', 'the mail');
    const log = await graphqlRequest<any, unknown>(service, user, '{ deliveries(limit: 5) { channel taskId outcome error reason sentAt dueAt } }');
    expect(log.body.data.deliveries).toEqual([
      { channel: 'EMAIL', taskId: String(task.id), outcome: 'DELIVERED', error: null, reason: null, sentAt: expect.any(String), dueAt: task.dueAt },
    ]);
    expect((await service.request(user, '/me/deliveries?limit=0')).status).toBe(400);
  });

  it("ends a mail's links at the task's next reminder: the newer mail's links work, the older one's answer expired", async () => {
    const user = newUser();
    await confirmAddress(service, smtp, user, 'twice@example.com');
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }));
    const task = await taskDueSoon(user, 'Twice reminded');
    const subject = 'Reminder: Twice reminded';
    const [first] = await waitFor(async () => {
      const found = await mailsTo(smtp, 'twice@example.com', subject);
      return found.length > 0 && found;
    }, 'the first mail');
    // The next reminder: a snooze, whose time the test brings forward instead of waiting for it.
    expect((await service.request(user, `/tasks/${task.id}/snooze`, jsonRequest('POST', { minutes: 5 }))).status).toBe(200);
    await service.database.db.reminder.update({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } }, data: { fireAt: new Date(), snoozedUntil: new Date() } });
    const mails = await waitFor(async () => {
      const found = await mailsTo(smtp, 'twice@example.com', subject);
      return found.length === 2 && found;
    }, 'the second mail');
    const second = mails.find((mail) => mail.messageId !== first!.messageId)!;
    const stale = linkIn(first!, 'done', service);
    const shown = await fetch(stale);
    expect(shown.status).toBe(410);
    expect(await shown.text()).toContain('expired');
    expect((await fetch(stale, { method: 'POST' })).status).toBe(410);
    expect((await (await service.request(user, `/tasks/${task.id}`)).json()) as { status: string }).toMatchObject({ status: 'pending' });
    const fresh = await fetch(linkIn(second, 'done', service), { method: 'POST' });
    expect(fresh.status).toBe(200);
    expect((await (await service.request(user, `/tasks/${task.id}`)).json()) as { status: string }).toMatchObject({ status: 'completed' });
  });

  it('sends a queued mail only to the address the person still has: removed meanwhile, it is dropped and logged', async () => {
    const user = newUser();
    await confirmAddress(service, smtp, user, 'removed@example.com');
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true }));
    await smtp.stop();
    try {
      await taskDueSoon(user, 'Address removed');
      await waitFor(async () => (await deliveries(user))[0]?.error, 'a failed attempt');
      expect((await service.request(user, '/me', jsonRequest('PATCH', { email: null }))).status).toBe(200);
    } finally {
      await smtp.start();
    }
    await waitFor(async () => (await deliveries(user))[0]?.outcome === 'failed', 'the mail dropped', 30_000);
    expect((await deliveries(user))[0]).toMatchObject({ error: 'not sent: the address was changed or removed before the mail went out', sentAt: null });
    expect(await mailsTo(smtp, 'removed@example.com', 'Reminder: Address removed')).toEqual([]);
  });
});
