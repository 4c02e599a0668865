import { EVENT_TYPES, type EventType } from '../events/task-event.js';
import { parseInt64Id } from '../int64-id.js';
import { invalidWebhook } from './webhook-errors.js';
import { checkWebhookUrl, WebhookTargetError, type WebhookUrlPolicy } from './webhook-url-policy.js';

export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;
export const MAX_ENDPOINTS_PER_USER = 25;

/** The subscribed types as stored: each once, in the catalogue's order. Absent means all of them. */
export function validateEventTypes(raw: unknown): EventType[] {
  if (raw === undefined) return [...EVENT_TYPES];
  if (!Array.isArray(raw) || raw.length === 0) {
    throw invalidWebhook(`events must be a non-empty array of: ${EVENT_TYPES.join(', ')}`);
  }
  for (const type of raw) {
    if (!EVENT_TYPES.includes(type as EventType)) {
      throw invalidWebhook(`events must contain only: ${EVENT_TYPES.join(', ')}; got ${JSON.stringify(type)}`);
    }
  }
  return EVENT_TYPES.filter((type) => raw.includes(type));
}

export function validateWebhookDescription(raw: unknown): string {
  if (raw === undefined) return '';
  if (typeof raw !== 'string') throw invalidWebhook('description must be a string');
  if ([...raw].length > WEBHOOK_DESCRIPTION_MAX_LENGTH) {
    throw invalidWebhook(`description must be at most ${WEBHOOK_DESCRIPTION_MAX_LENGTH} characters`);
  }
  if (!raw.isWellFormed() || raw.includes('\u0000')) {
    throw invalidWebhook('description must be well-formed Unicode without NUL characters');
  }
  return raw;
}

/** The URL, normalised, once it passed the registration checks (form, scheme, where it resolves). */
export async function validateWebhookUrl(raw: unknown, policy: WebhookUrlPolicy): Promise<string> {
  if (typeof raw !== 'string') throw invalidWebhook('url must be a string');
  try {
    return await checkWebhookUrl(raw.trim(), policy);
  } catch (error) {
    if (error instanceof WebhookTargetError) throw invalidWebhook(error.message);
    throw error;
  }
}

export function validateEnabled(raw: unknown): boolean {
  if (typeof raw !== 'boolean') throw invalidWebhook('enabled must be true or false');
  return raw;
}

/** An endpoint or delivery id as GraphQL clients send it (`ID`); REST's path schema checks the same. */
export function parseWebhookId(raw: string, name: 'id' | 'endpointId' | 'deliveryId'): bigint {
  const id = parseInt64Id(raw);
  if (id === undefined) throw invalidWebhook(`${name} must be a positive 64-bit integer, got "${raw.slice(0, 40)}"`);
  return id;
}
