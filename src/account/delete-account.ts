import type { ServiceContext } from '../context.js';
import { accountDeletionKey } from '../auth/account-deletions.js';
import { passOnLists } from './pass-on-lists.js';

/**
 * Deletes the caller's account and everything of it in one transaction. Shared lists are passed on
 * first (src/account/pass-on-lists.ts: owned lists to the longest-standing editor, else member; the user
 * leaves the others; tasks they created there are credited to each list's owner). Then: the lists they
 * own that nobody else is in, their
 * memberships, tasks (with their reminders, completed occurrences, import keys and CalDAV objects),
 * outbox events, webhook endpoints with their deliveries and attempts, push subscriptions with theirs,
 * the calendar feed, sign-in codes and sessions, app passwords, idempotency keys and the
 * user record. It leaves one marker, keyed by the SHA-256 of the user id, so tokens issued until now
 * are refused (src/auth/token-verifier.ts); a token issued later finds an empty, new account.
 *
 * The marker's time is the wall clock, because token `iat` claims are.
 */
export async function deleteAccount(ctx: ServiceContext): Promise<void> {
  const userId = ctx.userId;
  const deletedAt = new Date();
  const now = ctx.clock.now();
  const { sessionIds, shared } = await ctx.db.$transaction(
    async (tx) => {
      const shared = await passOnLists(tx, userId, now);
      await tx.webhookAttempt.deleteMany({ where: { delivery: { endpoint: { userId } } } });
      await tx.webhookDelivery.deleteMany({ where: { OR: [{ userId }, { endpoint: { userId } }] } });
      await tx.webhookEndpoint.deleteMany({ where: { userId } });
      await tx.pushAttempt.deleteMany({ where: { delivery: { subscription: { userId } } } });
      await tx.pushDelivery.deleteMany({ where: { OR: [{ userId }, { subscription: { userId } }] } });
      await tx.pushSubscription.deleteMany({ where: { userId } });
      // The lists the user owns go with their tasks (their members' copies of past events stay theirs).
      await tx.list.deleteMany({ where: { ownerId: userId } });
      await tx.listMember.deleteMany({ where: { userId } });
      await tx.reminder.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.taskCompletion.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.taskImportKey.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.caldavObject.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.task.deleteMany({ where: { userId } });
      await tx.event.deleteMany({ where: { userId } });
      await tx.calendarFeed.deleteMany({ where: { userId } });
      await tx.loginCode.deleteMany({ where: { userId } });
      const sessions = await tx.authSession.findMany({ where: { userId }, select: { id: true } });
      await tx.spentRefreshToken.deleteMany({ where: { session: { userId } } });
      await tx.authSession.deleteMany({ where: { userId } });
      await tx.idempotencyKey.deleteMany({ where: { userId } });
      await tx.appPassword.deleteMany({ where: { userId } });
      await tx.user.deleteMany({ where: { id: userId } });
      const userHash = accountDeletionKey(userId);
      await tx.accountDeletion.upsert({ where: { userHash }, create: { userHash, deletedAt }, update: { deletedAt } });
      return { sessionIds: sessions.map((s) => s.id), shared };
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  if (shared.handedOver + shared.left > 0) ctx.events.eventsRecorded();
  if (sessionIds.length > 0) ctx.sessionsRevoked?.(sessionIds);
  ctx.accountDeleted?.(userId, deletedAt);
  ctx.logger.info({ sessions: sessionIds.length, listsHandedOver: shared.handedOver, listsLeft: shared.left }, 'account deleted');
}
