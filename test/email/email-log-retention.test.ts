import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistory } from '../../src/retention/prune-history-job.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const RETENTION = { eventRetentionMs: 7 * DAY, webhookLogRetentionMs: 30 * DAY };

describe.each(['sqlite', 'postgresql'] as const)('the email log and links on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => database?.close());

  const mail = (userId: string, key: string, state: string, updatedAt: number) =>
    database.db.emailDelivery.create({
      data: {
        userId,
        kind: 'reminder',
        dedupeKey: key,
        address: 'a@example.com',
        messageId: `<${key}@example.com>`,
        subject: 's',
        textBody: 't',
        htmlBody: 'h',
        state,
        createdAt: new Date(updatedAt),
        updatedAt: new Date(updatedAt),
      },
    });
  const link = (userId: string, hash: string, expiresAt: number) =>
    database.db.emailLink.create({ data: { userId, tokenHash: hash, action: 'done', createdAt: new Date(NOW - DAY), expiresAt: new Date(expiresAt) } });

  it('prunes finished mails past WEBHOOK_LOG_RETENTION and expired links, keeping mails still being tried', async () => {
    await database.db.user.create({ data: { id: 'kept' } });
    await mail('kept', 'old-delivered', 'delivered', NOW - 31 * DAY);
    await mail('kept', 'old-skipped', 'skipped', NOW - 31 * DAY);
    await mail('kept', 'old-pending', 'pending', NOW - 31 * DAY);
    await mail('kept', 'recent-failed', 'failed', NOW - 29 * DAY);
    await link('kept', 'expired', NOW - 1);
    await link('kept', 'live', NOW + DAY);
    const result = await pruneHistory({ db: database.db, provider, now: () => new Date(NOW), retention: RETENTION });
    expect(result.emailLog).toBe(3);
    expect((await database.db.emailDelivery.findMany({ orderBy: { id: 'asc' } })).map((row) => row.dedupeKey)).toEqual(['old-pending', 'recent-failed']);
    expect((await database.db.emailLink.findMany()).map((row) => row.tokenHash)).toEqual(['live']);
  });

  it('deletes a person’s mails and links with their account (the rows cascade with the user)', async () => {
    await database.db.user.create({ data: { id: 'leaving', email: 'l@example.com', emailConfirmedAt: new Date(NOW) } });
    await mail('leaving', 'leaving-mail', 'pending', NOW);
    await link('leaving', 'leaving-link', NOW + DAY);
    await database.db.user.deleteMany({ where: { id: 'leaving' } });
    expect(await database.db.emailDelivery.count({ where: { userId: 'leaving' } })).toBe(0);
    expect(await database.db.emailLink.count({ where: { userId: 'leaving' } })).toBe(0);
  });
});
