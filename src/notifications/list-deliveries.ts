import type { ServiceContext } from '../context.js';
import { invalidRequest } from '../errors.js';

export const DELIVERY_LOG_LIMIT_DEFAULT = 20;
export const DELIVERY_LOG_LIMIT_MAX = 100;

/** One reminder delivery on one channel (for push: to one browser). */
export interface DeliveryView {
  channel: 'push' | 'email';
  taskId: number | null;
  /** When the task was due; null for a reminder of a task without a due time (a snooze). */
  dueAt: string | null;
  /** When the push service or SMTP server took it; null while pending or when it failed. */
  sentAt: string | null;
  /** pending (still being tried), delivered or failed. */
  outcome: 'pending' | 'delivered' | 'failed';
  /** The last attempt's error, or why it failed for good. */
  error: string | null;
  /** Why it went by email although email is off (the push fallback); null otherwise. */
  reason: string | null;
  /** When the delivery was made (the reminder fired): the log's order. */
  createdAt: string;
}

const outcomeOf = (state: string): DeliveryView['outcome'] => (state === 'delivered' || state === 'failed' ? state : 'pending');

/**
 * The caller's reminder deliveries on every channel, newest first: push messages (one per browser) and
 * reminder mails, with the fallback's reason. A fallback mail that was not needed (push got through)
 * or is still waiting on push is not listed.
 */
export async function listDeliveries(ctx: ServiceContext, limit: number = DELIVERY_LOG_LIMIT_DEFAULT): Promise<DeliveryView[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERY_LOG_LIMIT_MAX) {
    throw invalidRequest(`limit must be an integer from 1 to ${DELIVERY_LOG_LIMIT_MAX}`);
  }
  const [pushes, mails] = await Promise.all([
    ctx.db.pushDelivery.findMany({
      where: { userId: ctx.userId, eventType: 'reminder.due' },
      orderBy: { id: 'desc' },
      take: limit,
      select: { payload: true, state: true, deliveredAt: true, createdAt: true, attempts: { orderBy: { id: 'desc' }, take: 1, select: { error: true } } },
    }),
    ctx.db.emailDelivery.findMany({
      where: { userId: ctx.userId, kind: 'reminder', state: { in: ['pending', 'delivered', 'failed'] } },
      orderBy: { id: 'desc' },
      take: limit,
    }),
  ]);
  const views: DeliveryView[] = [
    ...pushes.map((push) => {
      const message = JSON.parse(push.payload) as { taskId?: string; dueAt?: string | null };
      return {
        channel: 'push' as const,
        taskId: message.taskId ? Number(message.taskId) : null,
        dueAt: message.dueAt ?? null,
        sentAt: push.deliveredAt?.toISOString() ?? null,
        outcome: outcomeOf(push.state),
        error: push.state === 'delivered' ? null : (push.attempts[0]?.error ?? null),
        reason: null,
        createdAt: push.createdAt.toISOString(),
      };
    }),
    ...mails.map((mail) => ({
      channel: 'email' as const,
      taskId: mail.taskId === null ? null : Number(mail.taskId),
      dueAt: mail.dueAt?.toISOString() ?? null,
      sentAt: mail.sentAt?.toISOString() ?? null,
      outcome: outcomeOf(mail.state),
      error: mail.state === 'delivered' ? null : mail.lastError,
      reason: mail.reason,
      createdAt: mail.createdAt.toISOString(),
    })),
  ];
  return views.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, limit);
}
