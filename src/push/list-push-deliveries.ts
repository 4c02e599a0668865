import type { ServiceContext } from '../context.js';
import { ATTEMPT_DELIVERY_FIELDS, attemptView, type AttemptView } from '../delivery/attempt-view.js';
import { getPushSubscription } from './get-push-subscription.js';
import { invalidPushSubscription } from './push-errors.js';

export const PUSH_LOG_LIMIT_DEFAULT = 20;
export const PUSH_LOG_LIMIT_MAX = 100;

/** One request made to the push service for a message, with the message's event and where it stands now. */
export type PushAttemptView = AttemptView;

/** The most recent attempts for one of the caller's subscriptions, newest first. */
export async function listPushDeliveries(ctx: ServiceContext, subscriptionId: bigint, limit = PUSH_LOG_LIMIT_DEFAULT): Promise<PushAttemptView[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > PUSH_LOG_LIMIT_MAX) {
    throw invalidPushSubscription(`limit must be an integer from 1 to ${PUSH_LOG_LIMIT_MAX}`);
  }
  const subscription = await getPushSubscription(ctx, subscriptionId);
  const attempts = await ctx.db.pushAttempt.findMany({
    where: { subscriptionId: subscription.id },
    orderBy: { id: 'desc' },
    take: limit,
    include: ATTEMPT_DELIVERY_FIELDS,
  });
  return attempts.map(attemptView);
}
