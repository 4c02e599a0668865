import type { ServiceContext } from '../context.js';
import type { PushSubscriptionRecord } from './push-subscription-view.js';

/** The caller's subscriptions, oldest first. */
export async function listPushSubscriptions(ctx: ServiceContext): Promise<PushSubscriptionRecord[]> {
  return ctx.db.pushSubscription.findMany({ where: { userId: ctx.userId }, orderBy: { id: 'asc' } });
}
