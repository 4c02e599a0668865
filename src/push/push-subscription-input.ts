import { parseInt64Id } from '../int64-id.js';
import { checkWebhookUrl, WebhookTargetError, type WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';
import { invalidPushSubscription } from './push-errors.js';
import { decodeBase64Url, isP256Point } from './vapid-keys.js';

export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 20;
export const DEVICE_NAME_MAX_LENGTH = 100;

/** A browser's PushSubscription.toJSON() plus an optional device name, as a client sends it. */
export interface PushSubscriptionInput {
  endpoint?: unknown;
  expirationTime?: unknown;
  keys?: unknown;
  deviceName?: unknown;
}

export interface ValidSubscription {
  endpoint: string;
  expirationTime: Date | null;
  p256dh: string;
  auth: string;
  deviceName: string;
}

function readKey(keys: Record<string, unknown>, name: 'p256dh' | 'auth'): Buffer {
  const raw = keys[name];
  const bytes = typeof raw === 'string' ? decodeBase64Url(raw) : null;
  if (!bytes) throw invalidPushSubscription(`keys.${name} must be a base64url string`);
  return bytes;
}

/** Checks the subscription as a push service would need it: a permitted endpoint, a P-256 point and a 16-byte secret. */
export async function validatePushSubscription(input: PushSubscriptionInput, policy: WebhookUrlPolicy): Promise<ValidSubscription> {
  if (typeof input.endpoint !== 'string') throw invalidPushSubscription('endpoint must be a string');
  if (typeof input.keys !== 'object' || input.keys === null || Array.isArray(input.keys)) {
    throw invalidPushSubscription('keys must be an object {p256dh, auth}');
  }
  const keys = input.keys as Record<string, unknown>;
  const p256dh = readKey(keys, 'p256dh');
  if (!isP256Point(p256dh)) throw invalidPushSubscription('keys.p256dh must be an uncompressed point on P-256 (65 bytes)');
  const auth = readKey(keys, 'auth');
  if (auth.length !== 16) throw invalidPushSubscription('keys.auth must be 16 bytes');
  const expiration = input.expirationTime;
  if (expiration !== undefined && expiration !== null && !(Number.isSafeInteger(expiration) && (expiration as number) >= 0)) {
    throw invalidPushSubscription('expirationTime must be null or epoch milliseconds');
  }
  const deviceName = input.deviceName ?? '';
  if (typeof deviceName !== 'string' || [...deviceName].length > DEVICE_NAME_MAX_LENGTH || !deviceName.isWellFormed() || deviceName.includes('\u0000')) {
    throw invalidPushSubscription(`deviceName must be a string of at most ${DEVICE_NAME_MAX_LENGTH} characters`);
  }
  let endpoint: string;
  try {
    endpoint = await checkWebhookUrl(input.endpoint.trim(), policy);
  } catch (error) {
    if (error instanceof WebhookTargetError) throw invalidPushSubscription(error.message.replace(/^url/, 'endpoint').replace(/webhooks/, 'push messages'));
    throw error;
  }
  return {
    endpoint,
    expirationTime: typeof expiration === 'number' ? new Date(expiration) : null,
    p256dh: p256dh.toString('base64url'),
    auth: auth.toString('base64url'),
    deviceName,
  };
}

/** A subscription id as GraphQL clients send it (`ID`); REST's path schema checks the same. */
export function parsePushSubscriptionId(raw: string): bigint {
  const id = parseInt64Id(raw);
  if (id === undefined) throw invalidPushSubscription(`id must be a positive 64-bit integer, got "${raw.slice(0, 40)}"`);
  return id;
}
