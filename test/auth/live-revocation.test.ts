import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_STATE_TTL_MS } from '../../src/auth/session-state-cache.js';
import { subscribeSse, waitForSubscriber, wsUrl } from '../support/graphql-client.js';
import { signIn } from '../support/sign-in.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { TaskChangedSubscription } from '../graphql/documents.js';

/** How long after a revocation a live connection may still be open: one check interval, one session read, a busy machine. */
const BOUND_MS = 2 * SESSION_STATE_TTL_MS + 1_500;

interface OpenSocket {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string; at: number }>;
}

/** A graphql-transport-ws socket acknowledged with the token. */
function openSocket(service: TestService, token: string): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws');
    const closed = new Promise<{ code: number; reason: string; at: number }>((done) =>
      socket.on('close', (code, reason) => done({ code, reason: String(reason), at: Date.now() })),
    );
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      if (JSON.parse(String(data)).type === 'connection_ack') resolve({ socket, closed });
    });
    socket.on('error', reject);
    void closed.then(({ code }) => reject(new Error(`closed with ${code} before connection_ack`)));
  });
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms))]);

const logout = (service: TestService, token: string) =>
  fetch(`${service.url}/auth/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

describe.each(PROVIDERS)('live connections of a signed-out session on %s', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider);
  }, 60_000);
  afterAll(async () => service?.close());

  it('a WebSocket is closed with 4401 "Signed out"; one with a plain token stays open', async () => {
    const tokens = await signIn(service, 'ws-session');
    const session = await openSocket(service, tokens.access_token);
    const plain = await openSocket(service, await service.token('ws-session'));
    expect((await logout(service, tokens.access_token)).status).toBe(204);
    const revokedAt = Date.now();
    const closed = await within(session.closed, BOUND_MS + 2_000);
    expect(closed).toMatchObject({ code: 4401, reason: 'Signed out' });
    expect((closed as { at: number }).at - revokedAt).toBeLessThanOrEqual(BOUND_MS);
    expect(plain.socket.readyState).toBe(WebSocket.OPEN);
    plain.socket.close(1000);
  });

  it('an SSE subscription ends', async () => {
    const tokens = await signIn(service, 'sse-session');
    const sse = await subscribeSse({ url: service.url, token: async () => tokens.access_token }, 'sse-session', TaskChangedSubscription);
    expect(sse.status).toBe(200);
    await waitForSubscriber(service, 'sse-session');
    expect((await logout(service, tokens.access_token)).status).toBe(204);
    expect(await within(sse.ended.then(() => 'ended'), BOUND_MS)).toBe('ended');
    expect(service.eventBus.subscriberCount('sse-session')).toBe(0);
  });
});
