/** An attempt row as webhooks and push both log it, with the delivery it belongs to. */
export interface AttemptRow {
  deliveryId: bigint;
  attempt: number;
  attemptedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  nextAttemptAt: Date | null;
  delivery: { eventId: string; eventType: string; state: string };
}

/** One attempt of a delivery, with the delivery's event and where it stands now. */
export interface AttemptView {
  deliveryId: number;
  eventId: string;
  type: string;
  attempt: number;
  attemptedAt: string;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** When the delivery was to be tried again after this attempt; null when this attempt ended it. */
  nextAttemptAt: string | null;
  /** The delivery's state now: pending, delivered or failed. */
  deliveryState: string;
}

/** The attempt log's rows select their delivery's event and state with this. */
export const ATTEMPT_DELIVERY_FIELDS = { delivery: { select: { eventId: true, eventType: true, state: true } } } as const;

export function attemptView(row: AttemptRow): AttemptView {
  return {
    deliveryId: Number(row.deliveryId),
    eventId: row.delivery.eventId,
    type: row.delivery.eventType,
    attempt: row.attempt,
    attemptedAt: row.attemptedAt.toISOString(),
    statusCode: row.statusCode,
    latencyMs: row.latencyMs,
    error: row.error,
    nextAttemptAt: row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
    deliveryState: row.delivery.state,
  };
}
