import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlTarget } from '../../src/db/sql-program.js';
import type { ClaimedEmail } from '../../src/email/claim-email-deliveries.js';
import { recordEmailAttempts, type EmailAttemptResult } from '../../src/email/record-email-attempt.js';
import { createLogger } from '../../src/logger.js';
import type { ClaimedPush } from '../../src/push/claim-push-deliveries.js';
import type { PushVerdict } from '../../src/push/push-outcome.js';
import { recordPushAttempts, type PushAttemptResult } from '../../src/push/record-push-attempts.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const logger = createLogger('silent');
const USER = 'batch-user';
const lease = new Date('2026-11-28T12:01:00.000Z');
const staleLease = new Date('2026-11-28T11:59:00.000Z');
const at = new Date('2026-11-28T12:00:30.000Z');
const dueAt = '2026-11-28T12:00:00.000Z';

describe.each(PROVIDERS)('recording a batch of push and mail results on %s', (provider) => {
  let database: TestDatabase;
  let target: SqlTarget;
  const subscriptions: bigint[] = [];
  const reminderEvents = ['e1', 'e2', 'e3', 'e4'].map((name) => `0190aaaa-0000-7000-8000-0000000000${name.slice(1).padStart(2, '0')}`);

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    target = { db: database.db, provider, sqliteWriter: database.raw.provider === 'sqlite' ? database.raw.writer : undefined };
    const { db } = database;
    await db.user.create({ data: { id: USER, email: 'a@example.test', emailConfirmedAt: at } });
    for (const [i, id] of reminderEvents.entries()) {
      const payload = { id, type: 'reminder.due', occurredAt: dueAt, userId: USER, actor: null, listId: 7, task: { id: 100 + i, title: `task ${i}`, dueAt } };
      await db.event.create({ data: { id, type: 'reminder.due', userId: USER, taskId: BigInt(100 + i), occurredAt: new Date(dueAt), payload: JSON.stringify(payload) } });
    }
    for (const device of ['phone', 'laptop']) {
      const created = await db.pushSubscription.create({ data: { userId: USER, endpoint: `https://push.example.test/${device}`, p256dh: 'k', auth: 'a' } });
      subscriptions.push(created.id);
    }
  });
  afterAll(async () => {
    await database?.close();
  });

  async function claimedPush(eventId: string, subscriptionId: bigint, lockedUntil: Date): Promise<ClaimedPush> {
    const payload = JSON.stringify({ type: 'reminder.due', eventId });
    const row = await database.db.pushDelivery.create({
      data: { subscriptionId, userId: USER, eventId, eventType: 'reminder.due', payload, expiresAt: new Date(at.getTime() + 3_600_000), lockedUntil },
    });
    return { id: row.id, subscriptionId, eventId, payload, topic: null, expiresAt: row.expiresAt, attemptCount: 0, endpoint: '', p256dh: '', auth: '', lockedUntil: lease };
  }

  async function claimedMail(eventId: string, lockedUntil: Date, state = 'pending'): Promise<ClaimedEmail> {
    const row = await database.db.emailDelivery.create({
      data: {
        userId: USER, kind: 'reminder', dedupeKey: `${eventId}-${state}`, eventId, address: 'a@example.test', messageId: `<${eventId}@t>`,
        subject: 's', textBody: 't', htmlBody: 'h', state, lockedUntil, createdAt: at, updatedAt: at,
      },
    });
    return { ...row, lockedUntil: lease, addressConfirmed: true };
  }

  const outcome = (statusCode: number | null) => ({ statusCode, latencyMs: 12, error: statusCode === 201 ? null : `HTTP ${statusCode}`, retryAfterMs: null, refused: false });
  const events = async (type: string) =>
    (await database.db.event.findMany({ where: { type }, orderBy: { id: 'asc' } })).map((event) => JSON.parse(event.payload) as Record<string, any>);

  it('writes each push result once: attempt rows, delivery states, one outcome event per reminder, the waiting mail settled', async () => {
    const [phone, laptop] = subscriptions as [bigint, bigint];
    const [e1, e2, e3, e4] = reminderEvents as [string, string, string, string];
    const waitingMail = await claimedMail(e1, null as unknown as Date, 'waiting');
    const result = async (eventId: string, subscriptionId: bigint, verdict: PushVerdict, status: number, lockedUntil = lease): Promise<PushAttemptResult> => ({
      delivery: await claimedPush(eventId, subscriptionId, lockedUntil),
      outcome: outcome(status),
      verdict,
      attemptedAt: at,
    });
    const retryAt = new Date(at.getTime() + 60_000);
    const batch = [
      await result(e1, phone, { kind: 'delivered' }, 201),
      await result(e1, laptop, { kind: 'delivered' }, 201),
      await result(e2, phone, { kind: 'failed', reason: 'HTTP 400' }, 400),
      await result(e2, laptop, { kind: 'failed', reason: 'HTTP 413' }, 413),
      await result(e3, phone, { kind: 'retry', at: retryAt }, 503),
      await result(e3, laptop, { kind: 'failed', reason: 'HTTP 400' }, 400),
      // Its claim ran out and was taken over: nothing of it is written.
      await result(e4, phone, { kind: 'delivered' }, 201, staleLease),
    ];

    // An event for e1 (its first browser took it) and for e2 (its last browser failed), none for the others.
    expect(await recordPushAttempts(target, batch, logger, at)).toEqual([true, false, false, true, false, false, false]);
    // The same results again (a write retried after it committed) change nothing: the claims are gone.
    expect(await recordPushAttempts(target, batch, logger, at)).toEqual(Array(7).fill(false));

    const attempts = await database.db.pushAttempt.findMany({ orderBy: { id: 'asc' } });
    expect(attempts.map((a) => [a.deliveryId, a.attempt, a.statusCode, a.error, a.nextAttemptAt?.toISOString() ?? null])).toEqual(
      batch.slice(0, 6).map((r) => [r.delivery.id, 1, r.outcome.statusCode, r.verdict.kind === 'failed' ? r.verdict.reason : r.outcome.error, r.verdict.kind === 'retry' ? retryAt.toISOString() : null]),
    );
    const deliveries = await database.db.pushDelivery.findMany({ orderBy: { id: 'asc' } });
    expect(deliveries.map((d) => [d.state, d.attemptCount, d.lockedUntil, d.deliveredAt?.toISOString() ?? null])).toEqual([
      ['delivered', 1, null, at.toISOString()],
      ['delivered', 1, null, at.toISOString()],
      ['failed', 1, null, null],
      ['failed', 1, null, null],
      ['pending', 1, null, null],
      ['failed', 1, null, null],
      ['pending', 0, staleLease, null],
    ]);
    const delivered = await events('reminder.delivered');
    const failed = await events('reminder.failed');
    expect(delivered.map((event) => [event.task.id, event.listId, event.delivery])).toEqual([[100, 7, { channel: 'push', reminderEventId: e1, sentAt: at.toISOString(), error: null, reason: null, dueAt }]]);
    expect(failed.map((event) => [event.task.id, event.delivery])).toEqual([[101, { channel: 'push', reminderEventId: e2, sentAt: null, error: 'HTTP 413', reason: null, dueAt }]]);
    expect((await database.db.emailDelivery.findUniqueOrThrow({ where: { id: waitingMail.id } })).state).toBe('skipped');
  });

  it('writes each mail result once, with its reminder event', async () => {
    const [, e2, e3, e4] = reminderEvents as [string, string, string, string];
    const retryAt = new Date(at.getTime() + 5_000);
    const batch: EmailAttemptResult[] = [
      { mail: await claimedMail(e2, lease), verdict: { kind: 'delivered' }, error: null, attemptedAt: at },
      { mail: await claimedMail(e3, lease), verdict: { kind: 'failed', reason: 'SMTP 550' }, error: 'SMTP 550', attemptedAt: at },
      { mail: await claimedMail(e4, lease), verdict: { kind: 'retry', at: retryAt }, error: 'timeout', attemptedAt: at },
      { mail: await claimedMail(`${e4}-stale`, staleLease), verdict: { kind: 'delivered' }, error: null, attemptedAt: at },
    ];
    expect(await recordEmailAttempts(target, batch, logger)).toEqual([true, true, false, false]);
    expect(await recordEmailAttempts(target, batch, logger)).toEqual([false, false, false, false]);

    const mails = await database.db.emailDelivery.findMany({ where: { id: { in: batch.map((r) => r.mail.id) } }, orderBy: { id: 'asc' } });
    expect(mails.map((m) => [m.state, m.attemptCount, m.sentAt?.toISOString() ?? null, m.lastError, m.nextAttemptAt?.toISOString() ?? null, m.lockedUntil])).toEqual([
      ['delivered', 1, at.toISOString(), null, null, null],
      ['failed', 1, null, 'SMTP 550', null, null],
      ['pending', 1, null, 'timeout', retryAt.toISOString(), null],
      ['pending', 0, null, null, null, staleLease],
    ]);
    const emailEvents = [...(await events('reminder.delivered')), ...(await events('reminder.failed'))].filter((event) => event.delivery.channel === 'email');
    expect(emailEvents.map((event) => [event.type, event.task.id, event.delivery.reminderEventId, event.delivery.error])).toEqual([
      ['reminder.delivered', 101, e2, null],
      ['reminder.failed', 102, e3, 'SMTP 550'],
    ]);
  });
});
