import type { ServiceContext } from '../context.js';
import { accountDeletionKey } from '../auth/account-deletions.js';

/**
 * Deletes the caller's account and everything of it in one transaction: tasks (with their reminders,
 * completed occurrences and import keys), outbox events, webhook endpoints with their deliveries and attempts, push
 * subscriptions with theirs, the calendar feed, sign-in codes and sessions, idempotency keys and the
 * user record. It leaves one marker, keyed by the SHA-256 of the user id, so tokens issued until now
 * are refused (src/auth/token-verifier.ts); a token issued later finds an empty, new account.
 *
 * The marker's time is the wall clock, because token `iat` claims are.
 */
export async function deleteAccount(ctx: ServiceContext): Promise<void> {
  const userId = ctx.userId;
  const deletedAt = new Date();
  const sessionIds = await ctx.db.$transaction(
    async (tx) => {
      await tx.webhookAttempt.deleteMany({ where: { delivery: { endpoint: { userId } } } });
      await tx.webhookDelivery.deleteMany({ where: { OR: [{ userId }, { endpoint: { userId } }] } });
      await tx.webhookEndpoint.deleteMany({ where: { userId } });
      await tx.pushAttempt.deleteMany({ where: { delivery: { subscription: { userId } } } });
      await tx.pushDelivery.deleteMany({ where: { OR: [{ userId }, { subscription: { userId } }] } });
      await tx.pushSubscription.deleteMany({ where: { userId } });
      await tx.reminder.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.taskCompletion.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.taskImportKey.deleteMany({ where: { OR: [{ userId }, { task: { userId } }] } });
      await tx.task.deleteMany({ where: { userId } });
      await tx.event.deleteMany({ where: { userId } });
      await tx.calendarFeed.deleteMany({ where: { userId } });
      await tx.loginCode.deleteMany({ where: { userId } });
      const sessions = await tx.authSession.findMany({ where: { userId }, select: { id: true } });
      await tx.spentRefreshToken.deleteMany({ where: { session: { userId } } });
      await tx.authSession.deleteMany({ where: { userId } });
      await tx.idempotencyKey.deleteMany({ where: { userId } });
      await tx.user.deleteMany({ where: { id: userId } });
      const userHash = accountDeletionKey(userId);
      await tx.accountDeletion.upsert({ where: { userHash }, create: { userHash, deletedAt }, update: { deletedAt } });
      return sessions.map((s) => s.id);
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
  if (sessionIds.length > 0) ctx.sessionsRevoked?.(sessionIds);
  ctx.accountDeleted?.(userId, deletedAt);
  ctx.logger.info({ sessions: sessionIds.length }, 'account deleted');
}
