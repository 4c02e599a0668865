import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpSender, type EmailOutcome, type OutgoingEmail } from '../../src/email/smtp-sender.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { confirmAddress, mailsTo } from './support/mail-helpers.js';
import { createSmtpServer, waitFor, type SmtpServer } from './support/smtp-server.js';

const mail = (i: number): OutgoingEmail => ({
  to: `pool-${i}@example.com`,
  subject: `Pooled ${i}`,
  text: `Mail ${i}`,
  html: `<p>Mail ${i}</p>`,
  messageId: `<${randomUUID()}@tickler.example>`,
  date: new Date(),
  settingsUrl: 'http://tickler.example/settings',
});

const messageIds = async (smtp: SmtpServer) => (await smtp.messages()).map((parsed) => parsed.messageId);

describe('the pooled SMTP sender, when the server drops a connection mid-mail', () => {
  let smtp: SmtpServer;
  beforeAll(async () => {
    // Every 4th mail handed over: the server drops the connection instead of answering, and keeps nothing.
    smtp = await createSmtpServer(undefined, { dropEvery: 4 });
    await smtp.start();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('fails just the mail that connection carried, as worth retrying, and sends the rest and the retries once each', async () => {
    const sender = createSmtpSender({ smtpUrl: smtp.url, from: 'Tickler <t@tickler.example>', timeoutMs: 5000, maxConnections: 2, maxMessages: 100, deadlineMs: 20_000 });
    try {
      const mails = Array.from({ length: 12 }, (_, i) => mail(i));
      const first = await Promise.all(mails.map((m) => sender.send(m)));
      const failed = mails.filter((_, i) => !first[i]!.delivered);
      // The 4th, 8th and 12th mail the server was handed: one per dropped connection, none of the others.
      expect(failed).toHaveLength(3);
      for (const outcome of first.filter((o) => !o.delivered)) {
        expect(outcome).toMatchObject<Partial<EmailOutcome>>({ permanent: false, error: expect.any(String) });
      }
      // The pool replaced the dropped connections: the retries (13th to 15th mails handed over) go through.
      const retried = [];
      for (const m of failed) retried.push(await sender.send(m));
      expect(retried.map((o) => o.delivered)).toEqual([true, true, true]);
      const received = await messageIds(smtp);
      expect(received).toHaveLength(12);
      expect(new Set(received)).toEqual(new Set(mails.map((m) => m.messageId)));
    } finally {
      sender.close();
    }
  });
});

describe('the pooled SMTP sender, when the server is down', () => {
  it('fails the waiting mails at once as worth retrying, not at their deadline, and sends once the server is up', async () => {
    const smtp = await createSmtpServer();
    const sender = createSmtpSender({ smtpUrl: smtp.url, from: 't@tickler.example', timeoutMs: 5000, maxConnections: 2, maxMessages: 2, deadlineMs: 20_000 });
    try {
      const started = Date.now();
      const down = await Promise.all([mail(1), mail(2), mail(3)].map((m) => sender.send(m)));
      expect(Date.now() - started).toBeLessThan(5000);
      for (const outcome of down) expect(outcome).toMatchObject({ delivered: false, permanent: false, error: expect.stringMatching(/ECONNREFUSED/) });
      await smtp.start();
      // The pool pauses a second after a connection could not be opened, then opens new ones.
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Five mails over connections that each carry two: the third connection is opened as the first two are used up.
      const mails = Array.from({ length: 5 }, (_, i) => mail(10 + i));
      const up = await Promise.all(mails.map((m) => sender.send(m)));
      expect(up.map((o) => o.delivered)).toEqual([true, true, true, true, true]);
      expect(new Set(await messageIds(smtp))).toEqual(new Set(mails.map((m) => m.messageId)));
    } finally {
      sender.close();
      await smtp.close();
    }
  });
});

describe.each(PROVIDERS)('reminder mail through a pool whose connections drop, on %s', (provider) => {
  let service: TestService;
  let smtp: SmtpServer;

  beforeAll(async () => {
    // The confirmation is the 1st mail handed over; of the reminders, the 2nd and 5th (3rd and 6th mails) are dropped.
    smtp = await createSmtpServer(undefined, { dropEvery: 3 });
    await smtp.start();
    service = await startTestService(provider, {
      env: { SMTP_URL: smtp.url, EMAIL_CONCURRENCY: '4', SMTP_MAX_CONNECTIONS: '2', REMINDER_SWEEP_INTERVAL: '100ms', WEBHOOK_SWEEP_INTERVAL: '200ms' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  it('delivers every reminder once: the dropped ones after their retry, with both attempts on record', async () => {
    const user = 'pool-user';
    await confirmAddress(service, smtp, user, 'pool@example.com');
    await service.request(user, '/me/notifications', jsonRequest('PATCH', { email: true, push: false }));
    const dueAt = new Date(Date.now() + 2000).toISOString();
    for (let i = 0; i < 5; i += 1) {
      const created = await service.request(user, '/tasks', jsonRequest('POST', { title: `Pooled reminder ${i}`, dueAt, remindBefore: 0 }));
      expect(created.status).toBe(201);
    }
    const deliveries = async () => ((await (await service.request(user, '/me/deliveries')).json()) as Array<{ channel: string; outcome: string }>).filter((d) => d.channel === 'email');
    await waitFor(async () => {
      const mails = await deliveries();
      return mails.length === 5 && mails.every((d) => d.outcome === 'delivered');
    }, 'every reminder mail delivered', 30_000);
    for (let i = 0; i < 5; i += 1) expect(await mailsTo(smtp, 'pool@example.com', `Reminder: Pooled reminder ${i}`)).toHaveLength(1);
    const attempts = await service.database.db.emailDelivery.findMany({ where: { kind: 'reminder' }, select: { attemptCount: true, state: true } });
    expect(attempts.map((row) => row.state)).toEqual(Array(5).fill('delivered'));
    expect(attempts.map((row) => row.attemptCount).sort()).toEqual([1, 1, 1, 2, 2]);
  });
});
