import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from '../webhooks/webhook-url-policy.js';

/**
 * A dispatcher's keep-alive connections: one pool per receiver (scheme, host and port), so a burst to
 * a receiver goes over a few connections opened once rather than one per request.
 */
export interface DeliveryAgents {
  http: http.Agent;
  https: https.Agent;
  destroy(): void;
}

/** A connection left idle this long is closed (receivers usually close theirs after 5 to 60 s). */
const IDLE_CONNECTION_MS = 30_000;

/**
 * `maxSocketsPerReceiver` is the dispatcher's overall concurrency: its attempt pool already bounds
 * what is in flight (per endpoint and overall), and a request must never wait in the agent for a
 * connection, where its timeout would run while another endpoint on the same host hangs. Idle
 * connections are kept per receiver up to the same bound and closed after IDLE_CONNECTION_MS.
 * Connections are opened only through `pinnedLookup`, to an address the URL policy checked; a pooled
 * one is reused only for an attempt whose URL passed the policy again (see docs/webhooks.md).
 */
export function createDeliveryAgents(maxSocketsPerReceiver: number): DeliveryAgents {
  const options = {
    keepAlive: true,
    maxSockets: maxSocketsPerReceiver,
    maxFreeSockets: maxSocketsPerReceiver,
    timeout: IDLE_CONNECTION_MS,
    scheduling: 'lifo' as const,
  };
  const agents = { http: new http.Agent(options), https: new https.Agent(options) };
  return { ...agents, destroy: () => (agents.http.destroy(), agents.https.destroy()) };
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

export interface PostOnceRequest {
  /** Already checked by the URL policy. */
  url: URL;
  /** The address the policy checked; the connection goes there whatever DNS says now. */
  target: ResolvedAddress;
  headers: Record<string, string>;
  body: Buffer | string | undefined;
  agents: Pick<DeliveryAgents, 'http' | 'https'>;
  timeoutMs: number;
  /** At most this much of the answer's body is read; reading stops there. */
  bodyMaxBytes: number;
  /** Aborts the request (the service is stopping). */
  signal?: AbortSignal;
}

export interface PostOnceResult {
  /** null when no answer arrived. */
  statusCode: number | null;
  /** The answer's headers; null when no answer arrived. */
  headers: http.IncomingHttpHeaders | null;
  /** At most `bodyMaxBytes` of the answer's body. */
  body: Buffer;
  /**
   * Why the exchange failed before an answer was read to its end: a network error, the timeout before
   * any status, or the abort. null when a status arrived (the caller judges it), even if its body was
   * cut short by the timeout, the size bound or the connection closing.
   */
  failure: string | null;
}

/**
 * POSTs once to the pinned address with a timeout and an abort, without following redirects, and
 * reads a bounded part of the answer. Never throws.
 */
export function postOnce(request: PostOnceRequest): Promise<PostOnceResult> {
  const { url, signal } = request;
  return new Promise<PostOnceResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    let headers: http.IncomingHttpHeaders | null = null;
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (failure: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve({ statusCode, headers, body: Buffer.concat(chunks, size), failure });
    };
    const secure = url.protocol === 'https:';
    const outgoing = (secure ? https : http).request({
      method: 'POST',
      protocol: url.protocol,
      host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port || (secure ? 443 : 80),
      path: `${url.pathname}${url.search}`,
      agent: secure ? request.agents.https : request.agents.http,
      lookup: pinnedLookup(request.target),
      headers: request.headers,
    });
    const timer = setTimeout(() => {
      // A status that arrived in time stands even if its body is still coming; only the read stops.
      finish(statusCode === null ? `timed out after ${request.timeoutMs} ms` : null);
      outgoing.destroy();
    }, request.timeoutMs);
    const onAbort = () => {
      finish('aborted: the service is stopping');
      outgoing.destroy();
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    outgoing.on('error', (error) => finish(messageOf(error)));
    outgoing.on('response', (response) => {
      statusCode = response.statusCode ?? null;
      headers = response.headers;
      response.on('data', (chunk: Buffer) => {
        const room = request.bodyMaxBytes - size;
        chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
        size += Math.min(chunk.length, room);
        if (size >= request.bodyMaxBytes) {
          finish(null);
          response.destroy();
        }
      });
      response.on('end', () => finish(null));
      response.on('error', () => finish(null));
      response.on('aborted', () => finish(null));
    });
    outgoing.end(request.body);
  });
}

/** An error's message with its errno code (`ECONNREFUSED: …`) when the message lacks it. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
