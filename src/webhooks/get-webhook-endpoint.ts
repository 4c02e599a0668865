import type { ServiceContext } from '../context.js';
import { webhookNotFound } from './webhook-errors.js';
import type { WebhookEndpointRecord } from './webhook-endpoint-view.js';

/** One of the caller's endpoints; another user's is reported as not found, like a missing one. */
export async function getWebhookEndpoint(ctx: ServiceContext, endpointId: bigint): Promise<WebhookEndpointRecord> {
  const endpoint = await ctx.db.webhookEndpoint.findFirst({ where: { id: endpointId, userId: ctx.userId } });
  if (!endpoint) throw webhookNotFound();
  return endpoint;
}
