import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
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
  agents: WebhookAgents;
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

export interface WebhookAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/** Keep-alive connection pools; the concurrency bounds are the dispatcher's, not the agents'. */
export function createWebhookAgents(): WebhookAgents {
  const options = { keepAlive: true, maxSockets: Infinity, maxFreeSockets: 256, scheduling: 'lifo' as const };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
}

// Signers by secret, so each secret's key is decoded once rather than on every attempt.
const signers = new Map<string, Webhook>();
const SIGNERS_MAX = 10_000;

function signerFor(secret: string): Webhook {
  let signer = signers.get(secret);
  if (!signer) {
    if (signers.size >= SIGNERS_MAX) signers.clear();
    signer = new Webhook(secret);
    signers.set(secret, signer);
  }
  return signer;
}

/** The Standard Webhooks headers: id, timestamp (Unix seconds) and one `v1,<base64 HMAC-SHA256>` per secret. */
export function signatureHeaders(request: Pick<WebhookRequest, 'eventId' | 'payload' | 'secrets' | 'timestamp'>) {
  const signatures = request.secrets.map((secret) => signerFor(secret).sign(request.eventId, request.timestamp, request.payload));
  return {
    'webhook-id': request.eventId,
    'webhook-timestamp': String(Math.floor(request.timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}

/** Text the databases can store: the decoder already replaced malformed UTF-8; PostgreSQL refuses NUL. */
function storable(text: string, max = Infinity): string {
  const clean = text.replace(/\u0000/g, '\uFFFD');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Connects to the address that was resolved and checked, never to a fresh DNS answer. */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
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
  return new Promise<AttemptOutcome>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      const body = statusCode === null ? null : storable(Buffer.concat(chunks, size).toString('utf8'));
      resolve({ ok, statusCode, latencyMs: elapsed(), error: error === null ? null : storable(error, ERROR_MAX_LENGTH), responseBody: body });
    };
    const secure = url.protocol === 'https:';
    const body = Buffer.from(request.payload, 'utf8');
    const outgoing = (secure ? https : http).request({
      method: 'POST',
      protocol: url.protocol,
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      agent: secure ? options.agents.https : options.agents.http,
      lookup: pinnedLookup(target),
      headers: {
        'content-type': 'application/json',
        'content-length': String(body.length),
        'user-agent': 'Tickler-Webhooks/1.0',
        ...signatureHeaders(request),
      },
    });
    const timer = setTimeout(() => {
      // A 2xx that arrived in time stands even if its body is still coming; only the read stops.
      if (statusCode !== null) finish(describeStatus(statusCode));
      else finish(`timed out after ${options.timeoutMs} ms`);
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
      response.on('data', (chunk: Buffer) => {
        const room = RESPONSE_BODY_MAX_BYTES - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= RESPONSE_BODY_MAX_BYTES) {
          finish(describeStatus(statusCode));
          response.destroy();
        }
      });
      response.on('end', () => finish(describeStatus(statusCode)));
      response.on('error', () => finish(describeStatus(statusCode)));
      response.on('aborted', () => finish(describeStatus(statusCode)));
    });
    outgoing.end(body);
  });
}

/** null for a 2xx (no error); otherwise what was wrong with the answer. */
function describeStatus(statusCode: number | null): string | null {
  if (statusCode === null) return 'no answer';
  if (statusCode >= 200 && statusCode < 300) return null;
  if (statusCode >= 300 && statusCode < 400) return `HTTP ${statusCode}: redirects are not followed`;
  return `HTTP ${statusCode}`;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
