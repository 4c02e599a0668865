import type { ServiceContext } from '../context.js';
import { ATTEMPT_DELIVERY_FIELDS, attemptView, type AttemptView } from '../delivery/attempt-view.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { invalidWebhook } from './webhook-errors.js';

export const DELIVERY_LIST_LIMIT_DEFAULT = 20;
export const DELIVERY_LIST_LIMIT_MAX = 100;

export interface ListDeliveriesInput {
  endpointId: bigint;
  /** 1 to DELIVERY_LIST_LIMIT_MAX; default DELIVERY_LIST_LIMIT_DEFAULT. */
  limit?: number;
}

/** One attempt of a delivery, with the delivery's event, where it stands now and what the receiver answered. */
export interface DeliveryAttemptView extends AttemptView {
  responseBody: string | null;
}

/** The most recent attempts to deliver to one of the caller's endpoints, newest first. */
export async function listWebhookDeliveries(ctx: ServiceContext, input: ListDeliveriesInput): Promise<DeliveryAttemptView[]> {
  const limit = input.limit ?? DELIVERY_LIST_LIMIT_DEFAULT;
  if (!Number.isInteger(limit) || limit < 1 || limit > DELIVERY_LIST_LIMIT_MAX) {
    throw invalidWebhook(`limit must be an integer from 1 to ${DELIVERY_LIST_LIMIT_MAX}`);
  }
  const endpoint = await getWebhookEndpoint(ctx, input.endpointId);
  const attempts = await ctx.db.webhookAttempt.findMany({
    where: { endpointId: endpoint.id },
    orderBy: { id: 'desc' },
    take: limit,
    include: ATTEMPT_DELIVERY_FIELDS,
  });
  return attempts.map((attempt) => ({ ...attemptView(attempt), responseBody: attempt.responseBody }));
}
