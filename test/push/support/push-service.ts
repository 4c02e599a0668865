import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error http_ece ships no types
import ece from 'http_ece';
import { decodeProtectedHeader, importJWK, jwtVerify } from 'jose';

/** A subscription made the way a browser makes one: its own P-256 key pair and a 16-byte auth secret. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  expirationTime: null;
  ecdh: ECDH;
  auth: Buffer;
}

export interface ReceivedPush {
  subscriptionEndpoint: string;
  /** The decrypted message, parsed. */
  message: Record<string, any>;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  jwt: { aud: string; exp: number; sub: string };
  receivedAt: number;
}

export interface PushAnswer {
  status: number;
  headers?: Record<string, string>;
  /** Never answer (the request stays open until the sender gives up or dies). */
  hang?: boolean;
}

export interface PushServiceStandIn {
  url: string;
  received: ReceivedPush[];
  /** Requests that failed verification or decryption (a correct sender makes none). */
  rejected: string[];
  /** How many requests came in, answered or not. */
  requests(): number;
  /** How many were answered with a 2xx. */
  accepted(): number;
  subscribe(): BrowserSubscription;
  respondWith(responder: (push: ReceivedPush, index: number) => PushAnswer): void;
  close(): Promise<void>;
}

export interface PushServiceOptions {
  /** Check and decrypt only every nth request (default 1: all); the others are answered 201 unread, for a benchmark's load. */
  verifyEvery?: number;
  /** Keep what arrived in `received` (default true); a benchmark of hundreds of thousands only counts. */
  keepReceived?: boolean;
}

/**
 * A push service on 127.0.0.1 written for the tests: it checks each request's VAPID header (an ES256
 * JWT signed by the key in `k=`, which must be the service's public key; `aud` the endpoint's origin;
 * `exp` within 24 h; `sub` the configured contact), decrypts the aes128gcm body with the
 * subscription's private key and auth secret using http_ece, and records what arrived.
 */
export async function startPushService(expected: { publicKey: () => string; contact: string }, options: PushServiceOptions = {}): Promise<PushServiceStandIn> {
  const verifyEvery = options.verifyEvery ?? 1;
  const subscriptions = new Map<string, BrowserSubscription>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];
  let requests = 0;
  let accepted = 0;
  let verified = 0;
  let respond: (push: ReceivedPush, index: number) => PushAnswer = () => ({ status: 201 });
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    requests += 1;
    if ((requests - 1) % verifyEvery !== 0) {
      request.resume();
      request.on('end', () => {
        accepted += 1;
        response.writeHead(201).end();
      });
      return;
    }
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const reject = (reason: string) => {
          rejected.push(reason);
          response.writeHead(400).end(reason);
        };
        const subscription = subscriptions.get(request.url ?? '');
        if (!subscription || request.method !== 'POST') return reject(`unknown subscription ${request.method} ${request.url}`);
        const authorization = request.headers.authorization ?? '';
        const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
        if (!match) return reject(`no VAPID authorization: ${authorization}`);
        const [, token, k] = match as unknown as [string, string, string];
        if (k !== expected.publicKey()) return reject('k is not the service public key');
        const point = Buffer.from(k, 'base64url');
        const key = await importJWK(
          { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
          'ES256',
        );
        let jwt: ReceivedPush['jwt'];
        try {
          if (decodeProtectedHeader(token).alg !== 'ES256') return reject('JWT not ES256');
          const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], audience: origin, subject: expected.contact });
          jwt = payload as ReceivedPush['jwt'];
        } catch (error) {
          return reject(`JWT: ${(error as Error).message}`);
        }
        if (jwt.exp * 1000 > Date.now() + 24 * 3_600_000 + 60_000) return reject('exp more than 24 h ahead');
        if (request.headers['content-encoding'] !== 'aes128gcm') return reject('not aes128gcm');
        let message: Record<string, any>;
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth });
          message = JSON.parse(plain.toString('utf8'));
        } catch (error) {
          return reject(`decrypt: ${(error as Error).message}`);
        }
        const push: ReceivedPush = {
          subscriptionEndpoint: subscription.endpoint,
          message,
          ttl: Number(request.headers.ttl),
          urgency: request.headers.urgency as string | undefined,
          topic: request.headers.topic as string | undefined,
          jwt,
          receivedAt: Date.now(),
        };
        if (options.keepReceived ?? true) received.push(push);
        const answer = respond(push, verified);
        verified += 1;
        if (answer.hang) return;
        if (answer.status >= 200 && answer.status < 300) accepted += 1;
        response.writeHead(answer.status, answer.headers).end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    received,
    rejected,
    requests: () => requests,
    accepted: () => accepted,
    subscribe() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${origin}/push/${randomUUID()}`;
      const subscription: BrowserSubscription = {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        expirationTime: null,
        ecdh,
        auth,
      };
      subscriptions.set(new URL(endpoint).pathname, subscription);
      return subscription;
    },
    respondWith(responder) {
      respond = responder;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
