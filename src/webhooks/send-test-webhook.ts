import type { ServiceContext } from '../context.js';
import { uuidv7 } from '../events/uuid-v7.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { endpointDisabled } from './webhook-errors.js';
import { testWebhookPayload, WEBHOOK_TEST_EVENT } from './webhook-payload.js';

export interface QueuedDelivery {
  deliveryId: bigint;
  eventId: string;
}

/**
 * Queues a `webhook.test` event for one of the caller's endpoints; it goes out at once and is retried
 * and logged like any other delivery.
 */
export async function sendTestWebhook(ctx: ServiceContext, endpointId: bigint): Promise<QueuedDelivery> {
  const endpoint = await getWebhookEndpoint(ctx, endpointId);
  if (!endpoint.enabled) throw endpointDisabled();
  const now = ctx.clock.now();
  const eventId = uuidv7(now.getTime());
  const delivery = await ctx.db.webhookDelivery.create({
    data: {
      endpointId: endpoint.id,
      userId: ctx.userId,
      eventId,
      eventType: WEBHOOK_TEST_EVENT,
      payload: JSON.stringify(testWebhookPayload(endpoint.id, now)),
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  ctx.events.eventsRecorded();
  return { deliveryId: delivery.id, eventId };
}
