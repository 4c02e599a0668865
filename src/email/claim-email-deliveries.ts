import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { instantParam, param } from '../db/raw-sql.js';

export interface EmailClaimDeps {
  db: Db;
  provider: DatabaseProvider;
  now: () => Date;
  leaseMs: number;
}

export type ClaimedEmail = NonNullable<Awaited<ReturnType<Db['emailDelivery']['findUnique']>>> & { lockedUntil: Date };

/**
 * Claims up to `limit` due mails (fallbacks still waiting on push, which are rechecks and mostly
 * settle without a mail, then pending ones) by setting their lease, a statement per state; on
 * PostgreSQL FOR UPDATE SKIP LOCKED keeps instances off each other's rows.
 * A worker that dies holding a claim leaves it to run out, and another sends the mail then.
 */
export async function claimEmailDeliveries(deps: EmailClaimDeps, limit: number): Promise<ClaimedEmail[]> {
  if (limit <= 0) return [];
  const { provider } = deps;
  const now = deps.now();
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  const skipLocked = provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  const due = await deps.db.$queryRawUnsafe<unknown[]>(
    `SELECT id FROM email_deliveries WHERE state IN ('pending', 'waiting') AND next_attempt_at <= ${param(provider, 1)} LIMIT 1`,
    instantParam(provider, now),
  );
  if (due.length === 0) return [];
  // One state at a time: each claim then walks the (state, next_attempt_at) index in order and stops
  // at its limit. Over both states at once SQLite sorted every due mail for each claim, which under a
  // backlog of a hundred thousand mails read them all (and their bodies) to take four.
  const rows: Array<{ id: bigint | number | string }> = [];
  for (const state of ['waiting', 'pending'] as const) {
    const room = Math.floor(limit) - rows.length;
    if (room <= 0) break;
    rows.push(
      ...(await deps.db.$queryRawUnsafe<Array<{ id: bigint | number | string }>>(
        `UPDATE email_deliveries SET locked_until = ${param(provider, 1)}
         WHERE id IN (SELECT id FROM email_deliveries
                      WHERE state = '${state}' AND next_attempt_at <= ${param(provider, 2)}
                        AND (locked_until IS NULL OR locked_until <= ${param(provider, 3)})
                      ORDER BY next_attempt_at LIMIT ${room} ${skipLocked})
         RETURNING id`,
        instantParam(provider, lockedUntil),
        instantParam(provider, now),
        instantParam(provider, now),
      )),
    );
  }
  if (rows.length === 0) return [];
  const claimed = await deps.db.emailDelivery.findMany({ where: { id: { in: rows.map((row) => BigInt(row.id)) }, lockedUntil } });
  return claimed.map((row) => ({ ...row, lockedUntil }));
}

/** Gives claims back at once (a graceful stop); a claim another worker took meanwhile is left alone. */
export async function releaseEmailClaims(db: Db, claims: Array<Pick<ClaimedEmail, 'id' | 'lockedUntil'>>): Promise<void> {
  for (const claim of claims) {
    await db.emailDelivery.updateMany({ where: { id: claim.id, lockedUntil: claim.lockedUntil }, data: { lockedUntil: null } });
  }
}
