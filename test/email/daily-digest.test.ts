import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDueDigests } from '../../src/email/queue-due-digests.js';
import { createLogger } from '../../src/logger.js';
import { createTaskStore } from '../../src/tasks/store/create-task-store.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { confirmAddress, mailsTo } from './support/mail-helpers.js';
import { createSmtpServer, waitFor, type SmtpServer } from './support/smtp-server.js';

// 2026-03-29 is the day Europe/Berlin moves to summer time (02:00 CET → 03:00 CEST): its 07:00 is 05:00 UTC
// that day (06:00 UTC the day before). New York moved on 2026-03-08: its 07:00 is 11:00 UTC.
const BEFORE_BERLIN_SEVEN = new Date('2026-03-29T04:59:00Z');
const BERLIN_SEVEN = new Date('2026-03-29T05:00:00Z');
const NEW_YORK_SEVEN = new Date('2026-03-29T11:00:00Z');

describe.each(PROVIDERS)('the daily digest on %s', (provider) => {
  const clock = createManualClock(new Date('2026-03-28T20:00:00Z'));
  let service: TestService;
  let smtp: SmtpServer;
  const berlin = `digest-berlin-${provider}`;
  const newYork = `digest-new-york-${provider}`;
  const idle = `digest-idle-${provider}`;

  beforeAll(async () => {
    smtp = await createSmtpServer();
    await smtp.start();
    service = await startTestService(provider, {
      clock,
      env: { SMTP_URL: smtp.url, DIGEST_INTERVAL: '200ms', WEBHOOK_SWEEP_INTERVAL: '200ms' },
    });
  });
  afterAll(async () => {
    await service?.close();
    await smtp?.close();
  });

  async function person(user: string, timeZone: string, address: string) {
    await service.request(user, '/me', jsonRequest('PATCH', { timeZone }));
    await confirmAddress(service, smtp, user, address);
    const settings = await service.request(user, '/me/notifications', jsonRequest('PATCH', { digest: { enabled: true } }));
    expect(await settings.json()).toEqual({ push: true, email: false, digest: { enabled: true, hour: 7 } });
  }

  const task = async (user: string, body: Record<string, unknown>) => {
    const response = await service.request(user, '/tasks', jsonRequest('POST', body));
    expect(response.status).toBe(201);
  };
  const digests = (address: string) => mailsTo(smtp, address).then((mails) => mails.filter((mail) => mail.subject?.startsWith('Today in Tickler')));
  const settle = () => new Promise((resolve) => setTimeout(resolve, 1000));

  it('sends each person one digest at 07:00 local in their zone, across a DST change, and none for an empty day', async () => {
    await person(berlin, 'Europe/Berlin', 'berlin@example.com');
    await person(newYork, 'America/New_York', 'newyork@example.com');
    await person(idle, 'Europe/Berlin', 'idle@example.com');
    const errands = (await (await service.request(berlin, '/lists', jsonRequest('POST', { name: 'Errands' }))).json()) as { id: number };
    await task(berlin, { title: 'Due this afternoon', dueAt: '2026-03-29T14:00:00Z', listId: errands.id });
    await task(berlin, { title: 'Overdue since yesterday', dueAt: '2026-03-28T09:00:00Z' });
    await task(berlin, { title: 'Due tomorrow', dueAt: '2026-03-30T09:00:00Z' });
    await task(berlin, { title: 'No date' });
    await task(newYork, { title: 'New York errand', dueAt: '2026-03-29T20:00:00Z' });

    clock.set(BEFORE_BERLIN_SEVEN);
    await settle();
    expect(await digests('berlin@example.com')).toEqual([]);

    clock.set(BERLIN_SEVEN);
    const [mail] = await waitFor(async () => {
      const found = await digests('berlin@example.com');
      return found.length > 0 && found;
    }, 'the Berlin digest');
    expect(mail!.subject).toBe('Today in Tickler, Sunday 29 March: 2 tasks');
    const lines = mail!.text!.split('\n').filter((line) => line.startsWith('- '));
    expect(lines).toEqual(['- overdue since Sat 28 Mar, 10:00  Overdue since yesterday  [Inbox]', '- 16:00  Due this afternoon  [Errands]']);
    expect(mail!.html).toContain('Due this afternoon');
    expect(mail!.html).toContain('<i>Errands</i>');
    expect(mail!.html).not.toContain('Due tomorrow');
    expect(mail!.date).toEqual(BERLIN_SEVEN);
    expect(await digests('newyork@example.com')).toEqual([]);

    clock.set(new Date(BERLIN_SEVEN.getTime() + 30 * 60_000));
    await settle();
    expect(await digests('berlin@example.com')).toHaveLength(1);
    expect(await digests('idle@example.com')).toEqual([]);
    expect(await service.database.db.emailDelivery.findMany({ where: { userId: idle, kind: 'digest' }, select: { state: true, dedupeKey: true } })).toEqual([
      { state: 'skipped', dedupeKey: `digest:${idle}:2026-03-29` },
    ]);

    clock.set(NEW_YORK_SEVEN);
    const [nyMail] = await waitFor(async () => {
      const found = await digests('newyork@example.com');
      return found.length > 0 && found;
    }, 'the New York digest');
    expect(nyMail!.text).toContain('- 16:00  New York errand  [Inbox]');
    await settle();
    expect(await digests('berlin@example.com')).toHaveLength(1);
    expect(await digests('newyork@example.com')).toHaveLength(1);
  });

  it('queues one digest per person and day however many runs race for it', async () => {
    clock.set(new Date('2026-03-30T05:10:00Z'));
    const context = {
      db: service.database.db,
      clock,
      logger: createLogger('silent'),
      events: { eventsRecorded: () => undefined },
      store: createTaskStore(service.database.raw),
    };
    const deps = { context, publicUrl: service.url, logger: context.logger, onQueued: () => undefined };
    await Promise.all([queueDueDigests(deps), queueDueDigests(deps), queueDueDigests(deps)]);
    await settle();
    const rows = await service.database.db.emailDelivery.findMany({ where: { userId: berlin, kind: 'digest' }, select: { dedupeKey: true } });
    expect(rows.map((row) => row.dedupeKey).sort()).toEqual([`digest:${berlin}:2026-03-29`, `digest:${berlin}:2026-03-30`]);
    await waitFor(async () => (await digests('berlin@example.com')).length === 2, 'the second day');
  });
});
