import type { EventType } from '../events/task-event.js';
import type { WebhookEndpoint } from '../generated/sqlite/client.js';

export type WebhookEndpointRecord = WebhookEndpoint;

/** An endpoint as callers see it: never its secret (that is shown on creation and rotation only). */
export interface WebhookEndpointView {
  id: number;
  url: string;
  events: EventType[];
  description: string;
  enabled: boolean;
  /** Set when the service disabled the endpoint (410 Gone, failing for days): why, for its owner. */
  disabledReason: string | null;
  disabledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function endpointEvents(record: Pick<WebhookEndpointRecord, 'events'>): EventType[] {
  return JSON.parse(record.events) as EventType[];
}

export function toWebhookEndpointView(record: WebhookEndpointRecord): WebhookEndpointView {
  return {
    id: Number(record.id),
    url: record.url,
    events: endpointEvents(record),
    description: record.description,
    enabled: record.enabled,
    disabledReason: record.disabledReason,
    disabledAt: record.disabledAt ? record.disabledAt.toISOString() : null,
    createdAt: record.createdAt.toISOString(),
    updatedAt: record.updatedAt.toISOString(),
  };
}
