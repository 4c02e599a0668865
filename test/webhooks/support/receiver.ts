import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  /** The raw body, exactly as it arrived (what a receiver must verify). */
  body: string;
  headers: Record<string, string>;
  payload: { type: string; timestamp: string; data: Record<string, any> };
  receivedAt: number;
}

export interface Answer {
  status: number;
  body?: string;
  /** Never answer (the request stays open until the sender gives up). */
  hang?: boolean;
  /** Answer only after this long (a slow receiver). */
  delayMs?: number;
}

export type Responder = (webhook: ReceivedWebhook, index: number) => Answer;

export interface Receiver {
  url: string;
  port: number;
  received: ReceivedWebhook[];
  /** Requests open right now (a hanging receiver holds them). */
  open(): number;
  /** The most requests that were ever open at once. */
  maxOpen(): number;
  /** TCP connections the sender opened to this receiver so far. */
  connections(): number;
  /** When each request ended (answered, or given up by the sender), in order. */
  closedAt: number[];
  respondWith(responder: Responder): void;
  /** Stops listening (connections refused) until start() again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1 (node:http) that records every request and answers as told. */
export async function startReceiver(responder: Responder = () => ({ status: 200, body: 'ok' })): Promise<Receiver> {
  let respond = responder;
  const received: ReceivedWebhook[] = [];
  let open = 0;
  let maxOpen = 0;
  const closedAt: number[] = [];
  let connections = 0;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    open += 1;
    maxOpen = Math.max(maxOpen, open);
    response.on('close', () => {
      open -= 1;
      closedAt.push(Date.now());
    });
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      );
      const webhook: ReceivedWebhook = {
        id: headers['webhook-id'] ?? '',
        timestamp: headers['webhook-timestamp'] ?? '',
        signature: headers['webhook-signature'] ?? '',
        body,
        headers,
        payload: JSON.parse(body),
        receivedAt: Date.now(),
      };
      received.push(webhook);
      const answer = respond(webhook, received.length - 1);
      if (answer.hang) return;
      const send = () => {
        if (!response.destroyed) response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body ?? '');
      };
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.on('connection', () => (connections += 1));
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    url: `http://127.0.0.1:${port}/hooks/tickler`,
    port,
    received,
    open: () => open,
    maxOpen: () => maxOpen,
    connections: () => connections,
    closedAt,
    respondWith(next) {
      respond = next;
    },
    stop,
    start: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

/** Verifies a delivery exactly as a receiver would, with the `standardwebhooks` package; throws if it does not verify. */
export function verifyWebhook(secret: string, webhook: ReceivedWebhook): unknown {
  return new Webhook(secret).verify(webhook.body, webhook.headers);
}

/** Polls until `check` is true, or fails naming what it waited for. */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
