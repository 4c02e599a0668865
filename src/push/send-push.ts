import { performance } from 'node:perf_hooks';
import { messageOf, postOnce, type DeliveryAgents } from '../delivery/post-once.js';
import { parseWebhookUrl, resolveWebhookTarget, type ResolvedAddress, type WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';
import { encryptPushMessage } from './encrypt-push-message.js';
import type { VapidKeys } from './vapid-keys.js';
import { vapidAuthorization } from './vapid-tokens.js';

/** What one request to a push service needs: the subscription, the message, and its headers' inputs. */
export interface PushRequest {
  endpoint: string;
  p256dh: string;
  auth: string;
  payload: string;
  topic: string | null;
  /** Seconds the push service may hold the message (the TTL header). */
  ttlSeconds: number;
}

export interface PushSendOptions {
  vapidKeys: VapidKeys;
  /** The VAPID `sub` (PUSH_CONTACT). */
  contact: string;
  policy: WebhookUrlPolicy;
  timeoutMs: number;
  agents: DeliveryAgents;
  signal?: AbortSignal;
}

export interface PushOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The Retry-After header of the answer (429, 503), in milliseconds from now. */
  retryAfterMs: number | null;
  /** The request never left: the endpoint was refused by the URL policy, or the message could not be encrypted. */
  refused: boolean;
}

const ERROR_MAX_LENGTH = 1000;
/** The most of an answer's body read (push services answer with small JSON or nothing). */
const BODY_MAX_BYTES = 4096;

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (!value) return null;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Encrypts the message for the subscription (aes128gcm, RFC 8291; encrypt-push-message.ts) with a
 * VAPID token (RFC 8292, signed with web-push), then sends that request with the service's own HTTP
 * client: to the address the URL policy checked, with a timeout, without following redirects. Never throws.
 */
export async function sendPush(request: PushRequest, options: PushSendOptions): Promise<PushOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const refused = (error: unknown): PushOutcome => ({
    statusCode: null,
    latencyMs: elapsed(),
    error: `refused: ${messageOf(error)}`.slice(0, ERROR_MAX_LENGTH),
    retryAfterMs: null,
    refused: true,
  });
  let url: URL;
  let target: ResolvedAddress;
  let body: Buffer;
  const headers: Record<string, string> = {
    'user-agent': 'Tickler-Push/1.0',
    ttl: String(request.ttlSeconds),
    urgency: 'high',
    'content-type': 'application/octet-stream',
    'content-encoding': 'aes128gcm',
  };
  try {
    url = parseWebhookUrl(request.endpoint, options.policy);
    target = await resolveWebhookTarget(url, options.policy);
    body = encryptPushMessage(request.p256dh, request.auth, request.payload);
    headers['content-length'] = String(body.length);
    if (request.topic) headers.topic = request.topic;
    // web-push (and its ASN.1 and JWS modules) loads with the first message, not at start-up; the VAPID
    // token is signed once per push service with it and reused (vapid-tokens.ts), not per message.
    const { default: webpush } = await import('web-push');
    headers.authorization = vapidAuthorization(webpush, request.endpoint, options.vapidKeys, options.contact);
  } catch (error) {
    return refused(error);
  }
  const answer = await postOnce({
    url,
    target,
    headers,
    body,
    agents: options.agents,
    timeoutMs: options.timeoutMs,
    bodyMaxBytes: BODY_MAX_BYTES,
    signal: options.signal,
  });
  const retryAfter = answer.headers?.['retry-after'];
  const error = answer.failure ?? describeStatus(answer.statusCode);
  return {
    statusCode: answer.statusCode,
    latencyMs: elapsed(),
    error: error === null ? null : error.slice(0, ERROR_MAX_LENGTH),
    retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, Date.now()),
    refused: false,
  };
}

function describeStatus(statusCode: number | null): string | null {
  if (statusCode === null) return 'no answer';
  if (statusCode >= 200 && statusCode < 300) return null;
  return `HTTP ${statusCode}`;
}
