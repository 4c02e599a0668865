import type { ServiceContext } from '../context.js';
import type { Prisma } from '../generated/sqlite/client.js';
import { invalidWebhook, webhookNotFound } from './webhook-errors.js';
import type { WebhookEndpointRecord } from './webhook-endpoint-view.js';
import { validateEnabled, validateEventTypes, validateWebhookDescription, validateWebhookUrl } from './webhook-input.js';
import type { WebhookUrlPolicy } from './webhook-url-policy.js';

export interface WebhookEndpointChanges {
  id: bigint;
  url?: unknown;
  events?: unknown;
  description?: unknown;
  enabled?: unknown;
}

/**
 * Changes the given fields of one of the caller's endpoints. Enabling it clears why it was disabled
 * and its failure streak, so its pending deliveries go out again.
 */
export async function updateWebhookEndpoint(
  ctx: ServiceContext,
  changes: WebhookEndpointChanges,
  policy: WebhookUrlPolicy,
): Promise<WebhookEndpointRecord> {
  const { id, ...fields } = changes;
  if (Object.values(fields).every((value) => value === undefined)) {
    throw invalidWebhook('Nothing to change: give url, events, description or enabled');
  }
  const now = ctx.clock.now();
  const data: Prisma.WebhookEndpointUpdateManyMutationInput = { updatedAt: now };
  if (fields.events !== undefined) data.events = JSON.stringify(validateEventTypes(fields.events));
  if (fields.description !== undefined) data.description = validateWebhookDescription(fields.description);
  if (fields.url !== undefined) data.url = await validateWebhookUrl(fields.url, policy);
  if (fields.enabled !== undefined) {
    const enabled = validateEnabled(fields.enabled);
    Object.assign(
      data,
      enabled
        ? { enabled, disabledAt: null, disabledReason: null, failingSince: null }
        : { enabled, disabledAt: now, disabledReason: null },
    );
  }
  const { count } = await ctx.db.webhookEndpoint.updateMany({ where: { id, userId: ctx.userId }, data });
  if (count === 0) throw webhookNotFound();
  if (fields.enabled === true) ctx.events.eventsRecorded();
  return ctx.db.webhookEndpoint.findUniqueOrThrow({ where: { id } });
}
