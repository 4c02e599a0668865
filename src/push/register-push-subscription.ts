import type { ServiceContext } from '../context.js';
import { requirePushEnabled } from './push-availability.js';
import type { PushDeps } from './push-deps.js';
import { tooManyPushSubscriptions } from './push-errors.js';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, validatePushSubscription, type PushSubscriptionInput } from './push-subscription-input.js';
import type { PushSubscriptionRecord } from './push-subscription-view.js';

export interface RegisteredSubscription {
  subscription: PushSubscriptionRecord;
  /** false: the endpoint was registered already; its keys (and name) were updated, its id kept. */
  created: boolean;
}

/**
 * Registers a browser's push subscription for the caller. Browsers re-subscribe with the same endpoint
 * and new keys (after a key rotation), so a known endpoint is updated in place rather than duplicated.
 */
export async function registerPushSubscription(
  ctx: ServiceContext,
  input: PushSubscriptionInput,
  deps: Pick<PushDeps, 'urlPolicy' | 'enabled'>,
): Promise<RegisteredSubscription> {
  requirePushEnabled(deps);
  const valid = await validatePushSubscription(input, deps.urlPolicy);
  const now = ctx.clock.now();
  const changes = {
    p256dh: valid.p256dh,
    auth: valid.auth,
    expirationTime: valid.expirationTime,
    ...(input.deviceName === undefined ? {} : { deviceName: valid.deviceName }),
    updatedAt: now,
  };
  const result = await ctx.db.$transaction(async (tx) => {
    const existing = await tx.pushSubscription.findUnique({ where: { userId_endpoint: { userId: ctx.userId, endpoint: valid.endpoint } } });
    if (existing) {
      return { subscription: await tx.pushSubscription.update({ where: { id: existing.id }, data: changes }), created: false };
    }
    if ((await tx.pushSubscription.count({ where: { userId: ctx.userId } })) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER) {
      throw tooManyPushSubscriptions(MAX_PUSH_SUBSCRIPTIONS_PER_USER);
    }
    const subscription = await tx.pushSubscription.create({
      data: { userId: ctx.userId, endpoint: valid.endpoint, ...changes, deviceName: valid.deviceName, createdAt: now },
    });
    return { subscription, created: true };
  });
  ctx.logger.info({ pushSubscriptionId: Number(result.subscription.id), created: result.created }, 'push subscription registered');
  return result;
}
