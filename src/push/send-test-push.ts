import type { ServiceContext } from '../context.js';
import { uuidv7 } from '../events/uuid-v7.js';
import { getPushSubscription } from './get-push-subscription.js';
import { requirePushEnabled } from './push-availability.js';
import type { PushDeps } from './push-deps.js';
import { fitMessage, PUSH_TEST_TYPE } from './push-message.js';

/** A test message is worth showing for this long. */
const TEST_MESSAGE_TTL_MS = 3_600_000;

export interface QueuedPush {
  deliveryId: bigint;
  eventId: string;
}

/** Queues a test notification for one of the caller's subscriptions; it is sent, retried and logged like a reminder. */
export async function sendTestPush(ctx: ServiceContext, subscriptionId: bigint, deps: Pick<PushDeps, 'enabled'>): Promise<QueuedPush> {
  requirePushEnabled(deps);
  const subscription = await getPushSubscription(ctx, subscriptionId);
  const now = ctx.clock.now();
  const eventId = uuidv7(now.getTime());
  const delivery = await ctx.db.pushDelivery.create({
    data: {
      subscriptionId: subscription.id,
      userId: ctx.userId,
      eventId,
      eventType: PUSH_TEST_TYPE,
      payload: fitMessage({ type: PUSH_TEST_TYPE, title: 'Tickler: reminders are on', url: '/', eventId } as { title: string }),
      topic: null,
      expiresAt: new Date(now.getTime() + TEST_MESSAGE_TTL_MS),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  ctx.events.eventsRecorded();
  return { deliveryId: delivery.id, eventId };
}
