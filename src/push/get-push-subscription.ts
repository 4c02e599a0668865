import type { ServiceContext } from '../context.js';
import { pushSubscriptionNotFound } from './push-errors.js';
import type { PushSubscriptionRecord } from './push-subscription-view.js';

/** One of the caller's subscriptions; another user's is not found, like a missing one. */
export async function getPushSubscription(ctx: ServiceContext, id: bigint): Promise<PushSubscriptionRecord> {
  const subscription = await ctx.db.pushSubscription.findFirst({ where: { id, userId: ctx.userId } });
  if (!subscription) throw pushSubscriptionNotFound();
  return subscription;
}
