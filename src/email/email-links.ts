import { hashSecret, newSecretToken } from '../auth/secret-token.js';
import type { Db, Tx } from '../db/database.js';

export type EmailLinkAction = 'done' | 'snooze' | 'confirm';
export const EMAIL_LINK_ACTIONS: readonly EmailLinkAction[] = ['done', 'snooze', 'confirm'];

/** A reminder's links stop working after this at the latest (or at the task's next reminder, if sooner). */
export const ACTION_LINK_TTL_MS = 14 * 86_400_000;
/** An address confirmation link works this long. */
export const CONFIRM_LINK_TTL_MS = 3 * 86_400_000;

export interface NewEmailLink {
  userId: string;
  action: EmailLinkAction;
  taskId?: bigint;
  eventId?: string;
  address?: string;
  expiresAt: Date;
}

/** `<PUBLIC_URL>/mail/<token>/<action>`: the path names what the link does. */
export function emailLinkUrl(publicUrl: string, token: string, action: EmailLinkAction): string {
  return `${publicUrl}/mail/${token}/${action}`;
}

/**
 * Stores a link and answers its token: 256 random bits, of which only the SHA-256 is kept, so the
 * token cannot be forged or read back from the database (the link's signature is its being on record).
 */
export async function createEmailLink(tx: Tx | Db, link: NewEmailLink, now: Date): Promise<{ id: bigint; token: string }> {
  const { token, row } = emailLinkRow(link, now);
  const created = await tx.emailLink.create({ data: row, select: { id: true } });
  return { id: created.id, token };
}

/** A link's row and its token, for storing many at once (the outbox fan-out). */
export function emailLinkRow(link: NewEmailLink, now: Date) {
  const token = newSecretToken();
  const row = {
    userId: link.userId,
    tokenHash: hashSecret(token),
    action: link.action,
    taskId: link.taskId ?? null,
    eventId: link.eventId ?? null,
    address: link.address ?? null,
    createdAt: now,
    expiresAt: link.expiresAt,
  };
  return { token, row };
}

export async function findEmailLink(db: Db, token: string, action: EmailLinkAction) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const link = await db.emailLink.findUnique({ where: { tokenHash: hashSecret(token) } });
  return link && link.action === action ? link : null;
}

export type EmailLinkRecord = NonNullable<Awaited<ReturnType<typeof findEmailLink>>>;

/** Marks the link used; false when another request used it first (single use, across instances). */
export async function spendEmailLink(db: Db, id: bigint, now: Date): Promise<boolean> {
  const { count } = await db.emailLink.updateMany({ where: { id, usedAt: null }, data: { usedAt: now } });
  return count === 1;
}

/** Gives a spent link back (its action failed for a reason worth retrying). */
export async function restoreEmailLink(db: Db, id: bigint): Promise<void> {
  await db.emailLink.updateMany({ where: { id }, data: { usedAt: null } });
}
