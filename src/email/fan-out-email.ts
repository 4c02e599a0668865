import type { DatabaseProvider } from '../config.js';
import type { Tx } from '../db/database.js';
import type { TaskEvent } from '../events/task-event.js';
import type { FanOutChannel, OutboxEventRow } from '../webhooks/fan-out-events.js';
import { insertRecords } from '../webhooks/insert-rows.js';
import { ACTION_LINK_TTL_MS, emailLinkRow, emailLinkUrl } from './email-links.js';
import { emailDeliveryRow, type NewEmailDelivery } from './queue-email.js';
import { renderReminderEmail } from './render-reminder-email.js';
import { FALLBACK_RECHECK_MS } from './resolve-fallback.js';

export interface EmailFanOutDeps {
  provider: DatabaseProvider;
  publicUrl: string;
  /** Whether this server pushes at all (PUSH_CONTACT); off: mail is the only road the fallback has. */
  pushEnabled: boolean;
  /** Told after a fan-out transaction that queued mails committed. */
  onDeliveries: () => void;
}

type Recipient = { id: string; email: string | null; timeZone: string; notifyEmail: boolean; notifyPush: boolean };

/**
 * The email channel of the outbox fan-out: in the transaction that fans a `reminder.due` out, a person
 * with a confirmed address gets one mail queued, keyed by the event (so never two): at once when they
 * chose email; as a fallback otherwise, at once when push has nowhere to go, or `waiting` on the
 * reminder's push deliveries (see resolve-fallback.ts). Unconfirmed addresses get nothing.
 */
export function createEmailFanOut(deps: EmailFanOutDeps): FanOutChannel {
  return {
    async fanOut(tx: Tx, events: OutboxEventRow[], now: Date): Promise<number> {
      const due = events.filter((event) => event.type === 'reminder.due');
      if (due.length === 0) return 0;
      const recipients = await tx.user.findMany({
        where: { id: { in: [...new Set(due.map((event) => event.user_id))] }, email: { not: null }, emailConfirmedAt: { not: null } },
        select: { id: true, email: true, timeZone: true, notifyEmail: true, notifyPush: true },
      });
      if (recipients.length === 0) return 0;
      const byId = new Map(recipients.map((user) => [user.id, user]));
      const withPush = new Set(
        deps.pushEnabled
          ? (await tx.pushSubscription.findMany({ where: { userId: { in: recipients.map((user) => user.id) } }, select: { userId: true } })).map((s) => s.userId)
          : [],
      );
      const mailed = due.flatMap((row) => {
        const user = byId.get(row.user_id);
        if (!user?.email || (!user.notifyEmail && !user.notifyPush)) return [];
        return [{ user, event: JSON.parse(row.payload) as TaskEvent }];
      });
      const lists = await tx.list.findMany({ where: { id: { in: [...new Set(mailed.map(({ event }) => BigInt(event.task.listId)))] } }, select: { id: true, name: true } });
      const listNames = new Map(lists.map((list) => [Number(list.id), list.name]));
      return queueReminderEmails(
        tx,
        deps,
        mailed.map(({ user, event }) => ({ user, event, hasPush: withPush.has(user.id), listName: listNames.get(event.task.listId) ?? null })),
        now,
      );
    },
    committed(count: number) {
      if (count > 0) deps.onDeliveries();
    },
  };
}

/** One mail per reminder event, whichever instance and however often it is fanned out. */
const reminderKey = (eventId: string) => `reminder:${eventId}`;

interface ReminderMail {
  user: Recipient;
  event: TaskEvent;
  hasPush: boolean;
  listName: string | null;
}

/**
 * Queues a batch's reminder mails with their Done and Snooze links in three statements (the keys already
 * queued, the links, the mails), not four per mail: the fan-out holds SQLite's one writer meanwhile.
 * Fan-out batches run one at a time (on PostgreSQL under an advisory lock), so no other writer queues
 * the same key in between; if one did, the unique key fails the batch, which is fanned out again.
 */
async function queueReminderEmails(tx: Tx, deps: EmailFanOutDeps, mails: readonly ReminderMail[], now: Date): Promise<number> {
  const keyOf = (mail: ReminderMail) => reminderKey(mail.event.id);
  const queued = await tx.emailDelivery.findMany({ where: { dedupeKey: { in: mails.map(keyOf) } }, select: { dedupeKey: true } });
  const skip = new Set(queued.map((row) => row.dedupeKey));
  const fresh = mails.filter((mail) => !skip.has(keyOf(mail)));
  if (fresh.length === 0) return 0;
  const links: ReturnType<typeof emailLinkRow>['row'][] = [];
  const deliveries = fresh.map((mail) => {
    const expiresAt = new Date(now.getTime() + ACTION_LINK_TTL_MS);
    const link = (action: 'done' | 'snooze') => {
      const made = emailLinkRow({ userId: mail.user.id, action, taskId: BigInt(mail.event.task.id), eventId: mail.event.id, expiresAt }, now);
      links.push(made.row);
      return emailLinkUrl(deps.publicUrl, made.token, action);
    };
    return emailDeliveryRow(reminderDelivery(deps, mail, link('done'), link('snooze'), now), deps.publicUrl, now);
  });
  // Raw inserts: Prisma's createMany compiled a query plan for every batch size (about 30 ms each, more
  // for larger batches), and during a flood the batches come in every size.
  await insertRecords(tx, deps.provider, 'email_links', links);
  await insertRecords(tx, deps.provider, 'email_deliveries', deliveries);
  return deliveries.length;
}

function reminderDelivery(deps: EmailFanOutDeps, { user, event, hasPush, listName }: ReminderMail, doneUrl: string, snoozeUrl: string, now: Date): NewEmailDelivery {
  const fallback = !user.notifyEmail;
  const waiting = fallback && user.notifyPush && hasPush;
  const reason = fallback && !waiting ? 'fallback: no live push subscription' : null;
  const message = renderReminderEmail({
    task: event.task,
    listName,
    timeZone: user.timeZone,
    doneUrl,
    snoozeUrl,
    openUrl: `${deps.publicUrl}/tasks/${event.task.id}`,
    reason: fallback ? (reason ?? 'push did not get through') : null,
  });
  return {
    userId: user.id,
    kind: 'reminder',
    dedupeKey: reminderKey(event.id),
    address: user.email!,
    message,
    eventId: event.id,
    taskId: BigInt(event.task.id),
    dueAt: event.task.dueAt ? new Date(event.task.dueAt) : null,
    reason,
    state: waiting ? 'waiting' : 'pending',
    nextAttemptAt: waiting ? new Date(now.getTime() + FALLBACK_RECHECK_MS) : now,
  };
}
