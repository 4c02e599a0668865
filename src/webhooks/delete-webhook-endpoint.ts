import type { ServiceContext } from '../context.js';
import { webhookNotFound } from './webhook-errors.js';

/** Removes one of the caller's endpoints with its deliveries and their log. */
export async function deleteWebhookEndpoint(ctx: ServiceContext, endpointId: bigint): Promise<void> {
  const { count } = await ctx.db.webhookEndpoint.deleteMany({ where: { id: endpointId, userId: ctx.userId } });
  if (count === 0) throw webhookNotFound();
}
