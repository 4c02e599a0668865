import type { TaskEvent } from '../events/task-event.js';

/** The type of the event `POST /webhooks/{id}/test` sends; receivers should accept and ignore it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** The body of every delivery, per the Standard Webhooks payload structure. */
export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * `{"type","timestamp","data":{"task", "listId"?, "actor"?, "via"?, "reminder"?, "occurrence"?}}`: the task in
 * its REST shape, as the event recorded it; the list it is in and who made the change (null: the
 * service, for a reminder); `via: "caldav"` for a change a calendar app made; `occurrence` for a completed occurrence of a repeating task.
 */
export function webhookPayloadOf(event: TaskEvent): WebhookPayload {
  return {
    type: event.type,
    timestamp: event.occurredAt,
    data: {
      task: event.task,
      ...(event.listId !== undefined ? { listId: event.listId } : {}),
      ...(event.actor !== undefined ? { actor: event.actor } : {}),
      ...(event.via ? { via: event.via } : {}),
      ...(event.reminder ? { reminder: event.reminder } : {}),
      ...(event.occurrence ? { occurrence: event.occurrence } : {}),
      ...(event.delivery ? { delivery: event.delivery } : {}),
    },
  };
}

export function testWebhookPayload(endpointId: bigint, now: Date): WebhookPayload {
  return {
    type: WEBHOOK_TEST_EVENT,
    timestamp: now.toISOString(),
    data: { endpointId: Number(endpointId), message: 'A test event from Tickler' },
  };
}
