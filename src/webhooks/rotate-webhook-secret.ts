import type { ServiceContext } from '../context.js';
import type { EndpointWithSecret } from './create-webhook-endpoint.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { generateWebhookSecret, PREVIOUS_SECRET_GRACE_MS, secretSafeError } from './webhook-secret.js';

/**
 * Gives one of the caller's endpoints a new secret. For a day deliveries carry a signature with the
 * old secret too (Standard Webhooks allows several), so a receiver can switch without dropping any.
 */
export async function rotateWebhookSecret(ctx: ServiceContext, endpointId: bigint): Promise<EndpointWithSecret> {
  const current = await getWebhookEndpoint(ctx, endpointId);
  const now = ctx.clock.now();
  const secret = generateWebhookSecret();
  const endpoint = await ctx.db.webhookEndpoint
    .update({
      where: { id: current.id },
      data: {
        secret,
        previousSecret: current.secret,
        previousSecretExpiresAt: new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS),
        updatedAt: now,
      },
    })
    .catch((error: unknown) => {
      throw secretSafeError(error);
    });
  ctx.logger.info({ webhookEndpointId: Number(endpoint.id) }, 'webhook secret rotated');
  return { endpoint, secret };
}
