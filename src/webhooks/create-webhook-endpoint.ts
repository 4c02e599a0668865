import type { ServiceContext } from '../context.js';
import { tooManyWebhooks } from './webhook-errors.js';
import type { WebhookEndpointRecord } from './webhook-endpoint-view.js';
import {
  MAX_ENDPOINTS_PER_USER,
  validateEventTypes,
  validateWebhookDescription,
  validateWebhookUrl,
} from './webhook-input.js';
import { generateWebhookSecret, secretSafeError } from './webhook-secret.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

export interface NewWebhookEndpointInput {
  url: unknown;
  events?: unknown;
  description?: unknown;
}

export interface EndpointWithSecret {
  endpoint: WebhookEndpointRecord;
  /** Shown to the caller this once; afterwards only rotation reveals a (new) secret. */
  secret: string;
}

/** Registers a webhook endpoint for the caller, subscribed to `events` (default: every type). */
export async function createWebhookEndpoint(
  ctx: ServiceContext,
  input: NewWebhookEndpointInput,
  policy: WebhookUrlPolicy,
): Promise<EndpointWithSecret> {
  const events = validateEventTypes(input.events);
  const description = validateWebhookDescription(input.description);
  const url = await validateWebhookUrl(input.url, policy);
  if ((await ctx.db.webhookEndpoint.count({ where: { userId: ctx.userId } })) >= MAX_ENDPOINTS_PER_USER) {
    throw tooManyWebhooks(MAX_ENDPOINTS_PER_USER);
  }
  const now = ctx.clock.now();
  const secret = generateWebhookSecret();
  const endpoint = await ctx.db.webhookEndpoint
    .create({ data: { userId: ctx.userId, url, events: JSON.stringify(events), description, secret, createdAt: now, updatedAt: now } })
    .catch((error: unknown) => {
      throw secretSafeError(error);
    });
  ctx.logger.info({ webhookEndpointId: Number(endpoint.id) }, 'webhook endpoint registered');
  return { endpoint, secret };
}
