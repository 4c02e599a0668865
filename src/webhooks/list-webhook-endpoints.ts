import type { ServiceContext } from '../context.js';
import type { WebhookEndpointRecord } from './webhook-endpoint-view.js';

/** The caller's endpoints, oldest first (a user has at most MAX_ENDPOINTS_PER_USER). */
export async function listWebhookEndpoints(ctx: ServiceContext): Promise<WebhookEndpointRecord[]> {
  return ctx.db.webhookEndpoint.findMany({ where: { userId: ctx.userId }, orderBy: { id: 'asc' } });
}
