import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDED_SIGN_IN_RETENTION_MS } from '../../src/auth/prune-sign-ins.js';
import { pruneHistory } from '../../src/retention/prune-history-job.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const KEEP = ENDED_SIGN_IN_RETENTION_MS;

describe.each(PROVIDERS)('pruning ended sign-ins on %s', (provider) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => database?.close());

  const at = (ms: number) => new Date(NOW + ms);

  async function code(name: string, expiresIn: number, used = false) {
    await database.db.loginCode.create({
      data: { codeHash: name, userId: 'u', createdAt: at(expiresIn - 600_000), expiresAt: at(expiresIn), usedAt: used ? at(expiresIn - 1) : null },
    });
  }

  async function session(id: string, ended: { revokedAgo?: number; refreshExpiresIn: number }) {
    await database.db.authSession.create({
      data: {
        id,
        userId: 'u',
        refreshTokenHash: `current-${id}`,
        refreshExpiresAt: at(ended.refreshExpiresIn),
        createdAt: at(-60 * DAY),
        lastUsedAt: at(ended.refreshExpiresIn - 30 * DAY),
        revokedAt: ended.revokedAgo === undefined ? null : at(-ended.revokedAgo),
        revokedReason: ended.revokedAgo === undefined ? null : 'logout',
        spentTokens: { create: [{ tokenHash: `spent-${id}`, spentAt: at(-40 * DAY) }] },
      },
    });
  }

  it('deletes codes expired and sessions ended longer ago than the retention, with their spent tokens; keeps the rest', async () => {
    await code('old-unused', -KEEP - 1000);
    await code('old-used', -KEEP - 1000, true);
    await code('recently-expired', -KEEP + 1000);
    await code('valid', 5 * 60_000);
    await session('revoked-long-ago', { revokedAgo: KEEP + 1000, refreshExpiresIn: 10 * DAY });
    await session('expired-long-ago', { refreshExpiresIn: -KEEP - 1000 });
    await session('revoked-recently', { revokedAgo: KEEP - 1000, refreshExpiresIn: 10 * DAY });
    await session('expired-recently', { refreshExpiresIn: -KEEP + 1000 });
    await session('active', { refreshExpiresIn: 20 * DAY });

    const result = await pruneHistory({
      db: database.db,
      provider,
      now: () => new Date(NOW),
      retention: { eventRetentionMs: 7 * DAY, webhookLogRetentionMs: 30 * DAY },
    });

    expect(result.signIns).toBe(4);
    expect((await database.db.loginCode.findMany()).map((row) => row.codeHash).sort()).toEqual(['recently-expired', 'valid']);
    const kept = ['active', 'expired-recently', 'revoked-recently'];
    expect((await database.db.authSession.findMany()).map((row) => row.id).sort()).toEqual(kept);
    expect((await database.db.spentRefreshToken.findMany()).map((row) => row.sessionId).sort()).toEqual(kept);
  });
});
