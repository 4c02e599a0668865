import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import type webpush from 'web-push';
import { pinnedLookup, type WebhookAgents } from '../webhooks/send-webhook.js';
import { parseWebhookUrl, resolveWebhookTarget, type ResolvedAddress, type WebhookUrlPolicy } from '../webhooks/webhook-url-policy.js';
import type { VapidKeys } from './vapid-keys.js';

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
  agents: WebhookAgents;
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
 * Encrypts the message for the subscription (aes128gcm, RFC 8291) and signs a VAPID token (RFC 8292)
 * with web-push, then sends that request with the service's own HTTP client: to the address the URL
 * policy checked, with a timeout, without following redirects. Never throws.
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
  let details: webpush.RequestDetails;
  try {
    url = parseWebhookUrl(request.endpoint, options.policy);
    target = await resolveWebhookTarget(url, options.policy);
    // web-push (and its ASN.1 and JWS modules) loads with the first message, not at start-up.
    const { default: webpush } = await import('web-push');
    details = webpush.generateRequestDetails({ endpoint: request.endpoint, keys: { p256dh: request.p256dh, auth: request.auth } }, request.payload, {
      vapidDetails: { subject: options.contact, publicKey: options.vapidKeys.publicKey, privateKey: options.vapidKeys.privateKey },
      TTL: request.ttlSeconds,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
      ...(request.topic ? { topic: request.topic } : {}),
    });
  } catch (error) {
    return refused(error);
  }
  return new Promise<PushOutcome>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let retryAfter: string | undefined;
    let size = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      resolve({
        statusCode,
        latencyMs: elapsed(),
        error: error === null ? null : error.slice(0, ERROR_MAX_LENGTH),
        retryAfterMs: parseRetryAfter(retryAfter, Date.now()),
        refused: false,
      });
    };
    const secure = url.protocol === 'https:';
    const headers: Record<string, string> = { 'user-agent': 'Tickler-Push/1.0' };
    for (const [name, value] of Object.entries(details.headers)) headers[name.toLowerCase()] = String(value);
    const outgoing = (secure ? https : http).request({
      method: 'POST',
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      agent: secure ? options.agents.https : options.agents.http,
      lookup: pinnedLookup(target),
      headers,
    });
    const timer = setTimeout(() => {
      finish(statusCode === null ? `timed out after ${options.timeoutMs} ms` : describeStatus(statusCode));
      outgoing.destroy();
    }, options.timeoutMs);
    const onAbort = () => {
      finish('aborted: the service is stopping');
      outgoing.destroy();
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    if (options.signal?.aborted) onAbort();
    outgoing.on('error', (error) => finish(messageOf(error)));
    outgoing.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      const header = response.headers['retry-after'];
      retryAfter = Array.isArray(header) ? header[0] : header;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size >= BODY_MAX_BYTES) {
          finish(describeStatus(statusCode));
          response.destroy();
        }
      });
      response.on('end', () => finish(describeStatus(statusCode)));
      response.on('error', () => finish(describeStatus(statusCode)));
      response.on('aborted', () => finish(describeStatus(statusCode)));
    });
    outgoing.end(details.body ?? undefined);
  });
}

function describeStatus(statusCode: number | null): string | null {
  if (statusCode === null) return 'no answer';
  if (statusCode >= 200 && statusCode < 300) return null;
  return `HTTP ${statusCode}`;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
