import type { ServiceContext } from '../context.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { deliveryNotFound, endpointDisabled } from './webhook-errors.js';
import type { QueuedDelivery } from './send-test-webhook.js';

export interface RetryDeliveryInput {
  endpointId: bigint;
  deliveryId: bigint;
}

/**
 * Replays a delivery now, whatever its state: same event id and body (so receivers can de-duplicate),
 * a fresh signature. If the replay fails, the rest of its retry schedule applies.
 */
export async function retryWebhookDelivery(ctx: ServiceContext, input: RetryDeliveryInput): Promise<QueuedDelivery> {
  const endpoint = await getWebhookEndpoint(ctx, input.endpointId);
  if (!endpoint.enabled) throw endpointDisabled();
  const now = ctx.clock.now();
  const { count } = await ctx.db.webhookDelivery.updateMany({
    where: { id: input.deliveryId, endpointId: endpoint.id, userId: ctx.userId },
    data: { state: 'pending', nextAttemptAt: now, updatedAt: now },
  });
  if (count === 0) throw deliveryNotFound();
  ctx.events.eventsRecorded();
  const delivery = await ctx.db.webhookDelivery.findUniqueOrThrow({ where: { id: input.deliveryId } });
  return { deliveryId: delivery.id, eventId: delivery.eventId };
}
