import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { messageOf, postOnce, type DeliveryAgents } from '../delivery/post-once.js';
import { parseWebhookUrl, resolveWebhookTarget, type ResolvedAddress, type WebhookUrlPolicy } from './webhook-url-policy.js';

/** At most this much of an answer's body is read and kept for the delivery log. */
export const RESPONSE_BODY_MAX_BYTES = 64 * 1024;

const ERROR_MAX_LENGTH = 1000;

export interface WebhookRequest {
  url: string;
  /** `webhook-id`: the event id, the same on every attempt. */
  eventId: string;
  payload: string;
  /** Each signs the message; several give several `v1,` signatures (secret rotation). */
  secrets: string[];
  timestamp: Date;
}

export interface SendOptions {
  policy: WebhookUrlPolicy;
  timeoutMs: number;
  agents: DeliveryAgents;
  /** Aborts the attempt (the service is stopping). */
  signal?: AbortSignal;
}

export interface AttemptOutcome {
  /** A 2xx status arrived within the timeout. */
  ok: boolean;
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  responseBody: string | null;
}

// Signing keys by secret, so each secret is decoded (and checked, by standardwebhooks) once rather than
// on every attempt. The HMAC itself is node:crypto's: standardwebhooks hashes in JavaScript, several
// times slower, for the same `v1,` signature.
const signingKeys = new Map<string, Buffer>();
const SIGNING_KEYS_MAX = 10_000;

function signingKeyOf(secret: string): Buffer {
  let key = signingKeys.get(secret);
  if (!key) {
    if (signingKeys.size >= SIGNING_KEYS_MAX) signingKeys.clear();
    key = Buffer.from((new Webhook(secret) as unknown as { key: Uint8Array }).key);
    signingKeys.set(secret, key);
  }
  return key;
}

/** The Standard Webhooks headers: id, timestamp (Unix seconds) and one `v1,<base64 HMAC-SHA256>` per secret. */
export function signatureHeaders(request: Pick<WebhookRequest, 'eventId' | 'payload' | 'secrets' | 'timestamp'>) {
  const timestamp = String(Math.floor(request.timestamp.getTime() / 1000));
  const signed = `${request.eventId}.${timestamp}.${request.payload}`;
  const signatures = request.secrets.map((secret) => `v1,${createHmac('sha256', signingKeyOf(secret)).update(signed).digest('base64')}`);
  return {
    'webhook-id': request.eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
  };
}

/** Text the databases can store: the decoder already replaced malformed UTF-8; PostgreSQL refuses NUL. */
function storable(text: string, max = Infinity): string {
  const clean = text.replace(/\u0000/g, '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/**
 * Makes one attempt: checks the URL again (scheme, and where its host resolves now), POSTs the signed
 * body to the checked address, and reads at most 64 KiB of the answer. Redirects are not followed.
 * Never throws: every failure becomes the outcome's `error`.
 */
export async function sendWebhook(request: WebhookRequest, options: SendOptions): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: URL;
  let target: ResolvedAddress;
  try {
    url = parseWebhookUrl(request.url, options.policy);
    target = await resolveWebhookTarget(url, options.policy);
  } catch (error) {
    return { ok: false, statusCode: null, latencyMs: elapsed(), error: `refused: ${messageOf(error)}`, responseBody: null };
  }
  const body = Buffer.from(request.payload, 'utf8');
  const answer = await postOnce({
    url,
    target,
    headers: {
      'content-type': 'application/json',
      'content-length': String(body.length),
      'user-agent': 'Tickler-Webhooks/1.0',
      ...signatureHeaders(request),
    },
    body,
    agents: options.agents,
    timeoutMs: options.timeoutMs,
    bodyMaxBytes: RESPONSE_BODY_MAX_BYTES,
    signal: options.signal,
  });
  const { statusCode } = answer;
  const error = answer.failure ?? describeStatus(statusCode);
  return {
    ok: error === null && statusCode !== null && statusCode >= 200 && statusCode < 300,
    statusCode,
    latencyMs: elapsed(),
    error: error === null ? null : storable(error, ERROR_MAX_LENGTH),
    responseBody: statusCode === null ? null : storable(answer.body.toString('utf8')),
  };
}

/** null for a 2xx (no error); otherwise what was wrong with the answer. */
function describeStatus(statusCode: number | null): string | null {
  if (statusCode === null) return 'no answer';
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}
