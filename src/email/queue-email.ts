import { randomUUID } from 'node:crypto';
import type { Db, Tx } from '../db/database.js';

export type EmailKind = 'reminder' | 'confirmation' | 'digest';

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

export interface NewEmailDelivery {
  userId: string;
  kind: EmailKind;
  /** At most one mail per key, whichever instance queues it (the unique index decides). */
  dedupeKey: string;
  address: string;
  message: RenderedEmail;
  eventId?: string;
  taskId?: bigint;
  dueAt?: Date | null;
  reason?: string | null;
  /** `waiting`: a fallback that watches the push deliveries before it is sent (see claim-email-deliveries.ts). */
  /** `skipped`: on record only (an empty day's digest), so the day is not looked at again. */
  state?: 'pending' | 'waiting' | 'skipped';
  nextAttemptAt?: Date;
}

/** The Message-ID a delivery keeps on every attempt, so a mail sent twice after a crash reads as one. */
export function newMessageId(publicUrl: string): string {
  return `<${randomUUID()}@${new URL(publicUrl).hostname.replace(/^\[|\]$/g, '')}>`;
}

/**
 * Queues one mail; answers false when a mail with this key was queued already (the unique key makes
 * "one mail per reminder" and "one digest per day" hold across instances and retries).
 */
export async function queueEmail(tx: Tx | Db, delivery: NewEmailDelivery, publicUrl: string, now: Date): Promise<boolean> {
  const exists = async () => (await tx.emailDelivery.findUnique({ where: { dedupeKey: delivery.dedupeKey }, select: { id: true } })) !== null;
  if (await exists()) return false;
  try {
    await create(tx, delivery, publicUrl, now);
  } catch (error) {
    // Another instance queued the same key in between: its unique index refused this one.
    if (await exists()) return false;
    throw error;
  }
  return true;
}

async function create(tx: Tx | Db, delivery: NewEmailDelivery, publicUrl: string, now: Date): Promise<void> {
  await tx.emailDelivery.create({ data: emailDeliveryRow(delivery, publicUrl, now) });
}

/** A queued mail's row (state `pending` unless said), for one mail or many at once. */
export function emailDeliveryRow(delivery: NewEmailDelivery, publicUrl: string, now: Date) {
  const state = delivery.state ?? 'pending';
  return {
    userId: delivery.userId,
    kind: delivery.kind,
    dedupeKey: delivery.dedupeKey,
    eventId: delivery.eventId ?? null,
    taskId: delivery.taskId ?? null,
    dueAt: delivery.dueAt ?? null,
    address: delivery.address,
    messageId: newMessageId(publicUrl),
    subject: delivery.message.subject,
    textBody: delivery.message.text,
    htmlBody: delivery.message.html,
    reason: delivery.reason ?? null,
    state,
    nextAttemptAt: state === 'skipped' ? null : (delivery.nextAttemptAt ?? now),
    createdAt: now,
    updatedAt: now,
  };
}
