import type { ServiceContext } from '../context.js';
import { pushSubscriptionNotFound } from './push-errors.js';
import type { PushSubscriptionRecord } from './push-subscription-view.js';

/** Deletes one of the caller's subscriptions with its pending messages and log; answers its last state. */
export async function deletePushSubscription(ctx: ServiceContext, id: bigint): Promise<PushSubscriptionRecord> {
  const subscription = await ctx.db.pushSubscription.findFirst({ where: { id, userId: ctx.userId } });
  if (!subscription) throw pushSubscriptionNotFound();
  const { count } = await ctx.db.pushSubscription.deleteMany({ where: { id, userId: ctx.userId } });
  if (count === 0) throw pushSubscriptionNotFound();
  ctx.logger.info({ pushSubscriptionId: Number(id) }, 'push subscription deleted');
  return subscription;
}
