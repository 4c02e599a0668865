import type { ServiceContext } from '../context.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { invalidWebhook } from './webhook-errors.js';

export const DELIVERY_LIST_LIMIT_DEFAULT = 20;
export const DELIVERY_LIST_LIMIT_MAX = 100;

export interface ListDeliveriesInput {
  endpointId: bigint;
  /** 1 to DELIVERY_LIST_LIMIT_MAX; default DELIVERY_LIST_LIMIT_DEFAULT. */
  limit?: number;
}

/** One attempt of a delivery, with the delivery's event and where it stands now. */
export interface DeliveryAttemptView {
  deliveryId: number;
  eventId: string;
  type: string;
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseBody: string | null;
  /** When the delivery was to be tried again after this attempt; null when this attempt ended it. */
  nextAttemptAt: string | null;
  /** The delivery's state now: pending, delivered or failed. */
  deliveryState: string;
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
    include: { delivery: { select: { eventId: true, eventType: true, state: true } } },
  });
  return attempts.map((attempt) => ({
    deliveryId: Number(attempt.deliveryId),
    eventId: attempt.delivery.eventId,
    type: attempt.delivery.eventType,
    attempt: attempt.attempt,
    attemptedAt: attempt.attemptedAt.toISOString(),
    statusCode: attempt.statusCode,
    latencyMs: attempt.latencyMs,
    error: attempt.error,
    responseBody: attempt.responseBody,
    nextAttemptAt: attempt.nextAttemptAt ? attempt.nextAttemptAt.toISOString() : null,
    deliveryState: attempt.delivery.state,
  }));
}
