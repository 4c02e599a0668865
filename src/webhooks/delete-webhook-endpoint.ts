import type { ServiceContext } from '../context.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { webhookNotFound } from './webhook-errors.js';
import type { WebhookEndpointRecord } from './webhook-endpoint-view.js';

/** Removes one of the caller's endpoints with its deliveries and their log; answers its last state. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, endpointId: bigint): Promise<WebhookEndpointRecord> {
  const endpoint = await getWebhookEndpoint(ctx, endpointId);
  const { count } = await ctx.db.webhookEndpoint.deleteMany({ where: { id: endpoint.id, userId: ctx.userId } });
  // Deleted meanwhile by a concurrent request: gone either way, but only one of them deleted it.
  if (count === 0) throw webhookNotFound();
  return endpoint;
}
