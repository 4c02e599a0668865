import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { idempotencyKeyInProgress, idempotencyKeyReused } from '../errors.js';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency-key.js';

/** How long the first request holds its key while it runs; a crashed instance's hold runs out after it. */
export const IN_PROGRESS_HOLD_MS = 60_000;

/** An answer as it is replayed: status, body (JSON text) and Location. */
export interface StoredAnswer {
  status: number;
  body: string;
  location?: string;
}

export interface IdempotencyDeps {
  db: Db;
  clock: Clock;
}

export interface IdempotentRequest {
  userId: string;
  key: string;
  /** requestFingerprint(operation, input): a retry must send the same. */
  fingerprint: string;
}

type Claim = { claimed: true } | { claimed: false; answer: StoredAnswer };

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'P2002';
}

/**
 * Takes the key for this request, or finds what it already stands for: the first answer (replayed), a
 * different request (422), or a first request still running (409). Keys are rows in the database, so
 * this holds across instances and restarts.
 */
async function claimKey(deps: IdempotencyDeps, request: IdempotentRequest): Promise<Claim> {
  const now = deps.clock.now();
  const fresh = {
    requestHash: request.fingerprint,
    statusCode: null,
    responseBody: null,
    location: null,
    createdAt: now,
    lockedUntil: new Date(now.getTime() + IN_PROGRESS_HOLD_MS),
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS),
  };
  const id = { userId_key: { userId: request.userId, key: request.key } };
  try {
    await deps.db.idempotencyKey.create({ data: { userId: request.userId, key: request.key, ...fresh } });
    return { claimed: true };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  const existing = await deps.db.idempotencyKey.findUnique({ where: id });
  // Gone meanwhile (pruned, or its first request failed and let it go): a retry takes it afresh.
  if (!existing) throw idempotencyKeyInProgress();
  const expired = existing.expiresAt.getTime() <= now.getTime();
  if (!expired && existing.requestHash !== request.fingerprint) throw idempotencyKeyReused();
  if (!expired && existing.statusCode !== null) {
    return {
      claimed: false,
      answer: { status: existing.statusCode, body: existing.responseBody ?? '', ...(existing.location ? { location: existing.location } : {}) },
    };
  }
  if (!expired && existing.lockedUntil.getTime() > now.getTime()) throw idempotencyKeyInProgress();
  // Expired, or held by a request whose instance died: take it over, unless another retry just did.
  const taken = await deps.db.idempotencyKey.updateMany({
    where: { userId: request.userId, key: request.key, lockedUntil: existing.lockedUntil, createdAt: existing.createdAt },
    data: fresh,
  });
  if (taken.count !== 1) throw idempotencyKeyInProgress();
  return { claimed: true };
}

/**
 * Runs `create` once per key: the first request runs it and its answer is kept for 24 hours; a retry
 * with the same key and request gets that answer again (`replayed`), without running anything. If the
 * first request fails, the key is let go, so a retry runs it again.
 */
export async function answerOnce(
  deps: IdempotencyDeps,
  request: IdempotentRequest,
  create: () => Promise<StoredAnswer>,
): Promise<{ answer: StoredAnswer; replayed: boolean }> {
  const claim = await claimKey(deps, request);
  if (!claim.claimed) return { answer: claim.answer, replayed: true };
  const where = { userId: request.userId, key: request.key, requestHash: request.fingerprint, statusCode: null };
  let answer: StoredAnswer;
  try {
    answer = await create();
  } catch (error) {
    await deps.db.idempotencyKey.deleteMany({ where }).catch(() => undefined);
    throw error;
  }
  await deps.db.idempotencyKey.updateMany({
    where,
    data: { statusCode: answer.status, responseBody: answer.body, location: answer.location ?? null },
  });
  return { answer, replayed: false };
}
