import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { graphqlData, subscribeSse } from '../support/graphql-client.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { CreateTaskMutation, MeQuery, TaskChangedSubscription } from '../graphql/documents.js';

const cleanups = cleanupsAfterEach();

/** Resets per kind of bytes; the delays before each reset cycle through 0–9 ms, around the server's answer. */
const ROUNDS = 40;

/** A WebSocket upgrade request for `path` (origin: its Origin header, none when undefined). */
function upgradeRequest(host: string, path: string, origin?: string, key = 'dGhlIHNhbXBsZSBub25jZQ=='): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
    `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Protocol: graphql-transport-ws\r\n` +
    (origin === undefined ? '' : `Origin: ${origin}\r\n`) +
    '\r\n'
  );
}

/**
 * Connects, writes `bytes`, and `delayMs` later resets the connection (RST, not FIN), as a client that
 * vanishes does. Resolves once the connection is gone on this side; what the server did with it shows in
 * whether it still answers afterwards.
 */
async function writeThenReset(url: string, bytes: string | Buffer, delayMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.write(bytes);
  setTimeout(() => socket.resetAndDestroy(), delayMs);
  await closed;
}

/** `count` of those, ten at a time, each with the next delay of 0–9 ms. */
async function resetMany(url: string, bytes: (i: number) => string | Buffer, count = ROUNDS): Promise<void> {
  for (let start = 0; start < count; start += 10) {
    await Promise.all(Array.from({ length: Math.min(10, count - start) }, (_, j) => writeThenReset(url, bytes(start + j), (start + j) % 10)));
  }
}

/** The process is alive and serves both REST and GraphQL. */
async function expectStillServing(server: ServeProcess, token: (userId: string) => Promise<string>): Promise<void> {
  expect(server.child.exitCode, server.output().slice(-3000)).toBeNull();
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  const target = { url: server.url, token };
  expect((await graphqlData(target, 'after-resets', MeQuery)).me).toMatchObject({ id: 'after-resets' });
  expect(server.output()).not.toContain("Unhandled 'error' event");
}

describe.each(PROVIDERS)('connections reset by their clients never stop the service (%s)', (provider) => {
  it(
    'WebSocket upgrades (refused origin, unknown path, while GraphQL loads, bad handshake, after the handshake), malformed requests and SSE streams, each reset a few ms after sending',
    { timeout: 120_000 },
    async () => {
      const { serve, dataDir } = await setupTicklerProcesses(provider, { dataDirPrefix: 'tickler-resets-', env: { LOG_LEVEL: 'info' } }, cleanups);
      const server = await serve();
      const token = async (userId: string) => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId, ttlSeconds: 600 });
      const host = new URL(server.url).host;
      // Set when the process ends: every later step would fail for the same reason, this says which.
      let died = '';
      const exited = new Promise<void>((resolve) =>
        server.child.once('exit', (code, signal) => {
          died = `the service exited (${code ?? signal}):\n${server.output().slice(-3000)}`;
          resolve();
        }),
      );
      const step = async (what: string, run: () => Promise<void>) => {
        const failure = await run().then(() => undefined, (error: unknown) => error);
        // A refused connection may be seen before the exit is: give the exit a moment to be reported.
        if (failure) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        expect(died, `after ${what}`).toBe('');
        if (failure) throw failure;
      };

      // First, before anything has loaded GraphQL: the first upgrades wait for the engine to load.
      await step('upgrades while GraphQL loads', () => resetMany(server.url, () => upgradeRequest(host, '/graphql'), 10));
      await step('refused origins', () => resetMany(server.url, () => upgradeRequest(host, '/graphql', 'https://elsewhere.example')));
      await step('unknown upgrade paths', () => resetMany(server.url, () => upgradeRequest(host, '/not-graphql')));
      await step('handshakes ws refuses', () => resetMany(server.url, () => upgradeRequest(host, '/graphql', undefined, 'not a key')));
      await step('accepted upgrades', () => resetMany(server.url, () => upgradeRequest(host, '/graphql')));
      // A handshake completed and then a frame over maxPayload (64 KiB): ws answers with a close frame.
      const oversized = (i: number) =>
        Buffer.concat([Buffer.from(upgradeRequest(host, '/graphql')), Buffer.from([0x81, 0xff, 0, 0, 0, 0, 0, 0x02, 0, 0, 1, 2, 3, 4])]).subarray(0, i % 2 === 0 ? undefined : -4);
      await step('oversized frames', () => resetMany(server.url, oversized));
      await step('malformed requests', () => resetMany(server.url, () => 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'));
      await step('requests cut short', () => resetMany(server.url, () => `POST /tasks HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\n\r\n{"ti`));
      const bearer = await token('resets');
      const streamRequest = (i: number) => {
        const body = JSON.stringify({ query: 'subscription { taskChanged { type } }' });
        return (
          `POST /graphql HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${bearer}\r\nAccept: text/event-stream\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${i % 2 === 0 ? body : ''}`
        );
      };
      await step('event streams', () => resetMany(server.url, streamRequest));

      // The streams that were reset are gone: a new one still gets events.
      const target = { url: server.url, token };
      const sse = await subscribeSse(target, 'resets', TaskChangedSubscription);
      cleanups.push(() => sse.close());
      await graphqlData(target, 'resets', CreateTaskMutation, { input: { title: 'after the resets' } });
      expect((await sse.inbox.next()).data?.taskChanged).toMatchObject({ type: 'CREATED' });
      await expectStillServing(server, token);
    },
  );
});
