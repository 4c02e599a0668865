import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from '../db/database.js';
import { readInstant, readOptionalInstant } from '../db/raw-sql.js';
import { parameterList, queryRows, runSqlProgram, type SqlProgram } from '../db/sql-program.js';

export interface EmailClaimDeps {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: the claim then runs synchronously on it. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
  now: () => Date;
  leaseMs: number;
}

export type ClaimedEmail = NonNullable<Awaited<ReturnType<Db['emailDelivery']['findUnique']>>> & {
  lockedUntil: Date;
  /** Whether the person, when it was claimed, still had this address, confirmed (a queued mail goes to no other). */
  addressConfirmed: boolean;
};

type Id = bigint | number | string;

interface EmailRow {
  id: Id;
  user_id: string;
  kind: string;
  dedupe_key: string;
  event_id: string | null;
  task_id: Id | null;
  due_at: unknown;
  address: string;
  message_id: string;
  subject: string;
  text_body: string;
  html_body: string;
  reason: string | null;
  state: string;
  attempt_count: number | bigint;
  next_attempt_at: unknown;
  sent_at: unknown;
  last_error: string | null;
  created_at: unknown;
  updated_at: unknown;
}

/**
 * Claims up to `limit` due mails (fallbacks still waiting on push, which are rechecks and mostly
 * settle without a mail, then pending ones) by setting their lease, a statement per state; on
 * PostgreSQL FOR UPDATE SKIP LOCKED keeps instances off each other's rows.
 * A worker that dies holding a claim leaves it to run out, and another sends the mail then.
 * Raw SQL (sql-program.ts): a claim is made every few mails, and through Prisma's query engine its
 * four statements cost more than sending the mail.
 */
export async function claimEmailDeliveries(deps: EmailClaimDeps, limit: number): Promise<ClaimedEmail[]> {
  if (limit <= 0) return [];
  const now = deps.now();
  const lockedUntil = new Date(now.getTime() + deps.leaseMs);
  return runSqlProgram(deps, () => claimBatch(deps.provider, Math.floor(limit), now, lockedUntil));
}

function* claimBatch(provider: DatabaseProvider, limit: number, now: Date, lockedUntil: Date): SqlProgram<ClaimedEmail[]> {
  const due = yield* queryRows("SELECT id FROM email_deliveries WHERE state IN ('pending', 'waiting') AND next_attempt_at <= ? LIMIT 1", now);
  if (due.length === 0) return [];
  const skipLocked = provider === 'postgresql' ? 'FOR UPDATE SKIP LOCKED' : '';
  // One state at a time: each claim then walks the (state, next_attempt_at) index in order and stops
  // at its limit. Over both states at once SQLite sorted every due mail for each claim, which under a
  // backlog of a hundred thousand mails read them all (and their bodies) to take four.
  const rows: EmailRow[] = [];
  for (const state of ['waiting', 'pending'] as const) {
    const room = limit - rows.length;
    if (room <= 0) break;
    rows.push(
      ...(yield* queryRows<EmailRow>(
        `UPDATE email_deliveries SET locked_until = ?
         WHERE id IN (SELECT id FROM email_deliveries
                      WHERE state = '${state}' AND next_attempt_at <= ?
                        AND (locked_until IS NULL OR locked_until <= ?)
                      ORDER BY next_attempt_at LIMIT ${room} ${skipLocked})
         RETURNING id, user_id, kind, dedupe_key, event_id, task_id, due_at, address, message_id, subject, text_body, html_body,
                   reason, state, attempt_count, next_attempt_at, sent_at, last_error, created_at, updated_at`,
        lockedUntil,
        now,
        now,
      )),
    );
  }
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((row) => row.user_id))];
  const users = yield* queryRows<{ id: string; email: string | null; email_confirmed_at: unknown }>(
    `SELECT id, email, email_confirmed_at FROM users WHERE id IN (${parameterList(userIds)})`,
    ...userIds,
  );
  const addresses = new Map(users.map((user) => [user.id, user.email_confirmed_at !== null ? user.email : null]));
  return rows.map((row) => ({
    id: BigInt(row.id),
    userId: row.user_id,
    kind: row.kind,
    dedupeKey: row.dedupe_key,
    eventId: row.event_id,
    taskId: row.task_id === null ? null : BigInt(row.task_id),
    dueAt: readOptionalInstant(row.due_at),
    address: row.address,
    messageId: row.message_id,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    reason: row.reason,
    state: row.state,
    attemptCount: Number(row.attempt_count),
    nextAttemptAt: readOptionalInstant(row.next_attempt_at),
    lockedUntil,
    sentAt: readOptionalInstant(row.sent_at),
    lastError: row.last_error,
    createdAt: readInstant(row.created_at),
    updatedAt: readInstant(row.updated_at),
    addressConfirmed: addresses.get(row.user_id) === row.address,
  }));
}

/** Gives claims back at once (a graceful stop); a claim another worker took meanwhile is left alone. */
export async function releaseEmailClaims(db: Db, claims: Array<Pick<ClaimedEmail, 'id' | 'lockedUntil'>>): Promise<void> {
  for (const claim of claims) {
    await db.emailDelivery.updateMany({ where: { id: claim.id, lockedUntil: claim.lockedUntil }, data: { lockedUntil: null } });
  }
}
