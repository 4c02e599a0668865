import http from 'node:http';
import net from 'node:net';
import { hostname } from 'node:os';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { TaskChangedSubscription } from '../graphql/documents.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { subscribeSse } from '../support/graphql-client.js';
import { seedReminders } from '../support/seed-reminders.js';
import { PROVIDERS, startTestService } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { startReceiver, waitUntil } from '../webhooks/support/receiver.js';

const cleanups = cleanupsAfterEach();

/** Sends `signal` and resolves to the exit code (the stop() of ServeProcess would signal a second time). */
function signalAndWait(server: ServeProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => server.child.once('exit', (code) => resolve(code)));
  server.child.kill(signal);
  return exited;
}

/** Resolves once the process has logged that it is shutting down, i.e. it is draining. */
function draining(server: ServeProcess): Promise<void> {
  return waitUntil(() => server.output().includes('"msg":"shutting down"'), 'the "shutting down" log line');
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request on a keep-alive agent whose body is only half sent: in flight at the server until finish()
 * sends the rest. `written` resolves once its headers and half body are in the kernel's hands (on
 * loopback: in the service's socket buffer, which the drain reads before it closes anything). Any error
 * on it (ECONNRESET, socket hang up) rejects the answer.
 */
function halfSentPost(agent: http.Agent, url: string, path: string, token: string, body: string) {
  const half = Math.floor(body.length / 2);
  let request!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = http.request(`${url}${path}`, {
      agent,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
  });
  const written = new Promise<void>((resolve, reject) => request.write(body.slice(0, half), (error) => (error ? reject(error) : resolve())));
  return { answer, written, finish: () => request.end(body.slice(half)) };
}

function get(agent: http.Agent, url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      })
      .on('error', reject);
  });
}

/**
 * A readiness probe caught mid-request: the request line and headers are sent but for the blank line
 * that ends them. send() completes it; the answer is the raw response, read until the server closes.
 */
async function probeArriving(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  const closed = new Promise<string>((resolve, reject) => {
    socket.once('error', reject);
    socket.once('close', () => resolve(raw));
  });
  socket.write(`GET /readyz HTTP/1.1\r\nHost: ${hostname}\r\nConnection: keep-alive\r\n`);
  return { send: () => socket.write('\r\n'), closed };
}

/** A graphql-ws connection (raw `ws`) with one live taskChanged subscription; `closed` is its close code. */
async function openSubscribedSocket(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const acked = new Promise<void>((resolve) =>
    socket.on('message', (data) => {
      if ((JSON.parse(data.toString()) as { type: string }).type === 'connection_ack') resolve();
    }),
  );
  socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } }));
  await acked;
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { taskChanged { type task { id } } }' } }));
  return { closed };
}

async function setup(provider: DatabaseProvider, env: Record<string, string> = {}) {
  const processes = await setupTicklerProcesses(provider, { dataDirPrefix: 'tickler-drain-', env }, cleanups);
  const token = async (userId: string) =>
    issueLocalToken({ key: await loadOrCreateLocalSigningKey(processes.dataDir), userId, ttlSeconds: 600 });
  return { ...processes, token };
}

/** One HTTP/1.1 answer read off a raw connection; `complete` once its whole body (Content-Length) is there. */
interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  complete: boolean;
}

/** The answers in what a connection received, in order (the last one may be incomplete). */
function parseAnswers(raw: Buffer): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return answers;
    const [statusLine, ...lines] = rest.subarray(0, end).toString('latin1').split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const complete = rest.length >= end + 4 + length;
    answers.push({ status: Number(statusLine!.split(' ')[1]), headers, complete });
    if (!complete) return answers;
    rest = rest.subarray(end + 4 + length);
  }
}

/** A raw keep-alive connection: what it received, and how it ended (a socket error code, or none). */
async function openRaw(url: string) {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  let received = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  const ended = new Promise<string | undefined>((resolve) => {
    let code: string | undefined;
    socket.on('error', (error: NodeJS.ErrnoException) => (code = error.code ?? error.message));
    socket.once('close', () => resolve(code));
  });
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return { socket, answers: () => parseAnswers(received), ended };
}

describe.each(PROVIDERS)('SIGTERM drains `tickler serve` (%s)', (provider) => {
  it(
    'requests in flight on keep-alive connections finish with Connection: close, never reset; /readyz answers 503; WebSockets get 1001; SSE ends; exit 0',
    { timeout: 90_000 },
    async () => {
      const { serve, token } = await setup(provider);
      const server = await serve();
      const bearer = await token('drain');
      // Keep-alive connections that have carried a request each, then carry the requests in flight.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 3 });
      cleanups.push(() => agent.destroy());
      const warm = await Promise.all([1, 2, 3].map(() => get(agent, `${server.url}/healthz`)));
      expect(warm.map((answer) => answer.headers.connection)).toEqual(['keep-alive', 'keep-alive', 'keep-alive']);
      const inFlight = [1, 2, 3].map((i) =>
        halfSentPost(agent, server.url, '/tasks', bearer, JSON.stringify({ title: `written while draining ${i}`, description: 'x'.repeat(2_000) })),
      );
      const probe = await probeArriving(server.url);
      const socket = await openSubscribedSocket(server.url, bearer);
      const sse = await subscribeSse({ url: server.url, token }, 'drain', TaskChangedSubscription);
      expect(sse.status).toBe(200);
      // In the service's socket buffers: the drain reads them before it closes idle connections.
      await Promise.all(inFlight.map((request) => request.written));

      const exited = signalAndWait(server);
      await draining(server);
      // New connections are refused once the listener is closed.
      await waitUntil(
        () => fetch(`${server.url}/healthz`).then(() => false, (error: Error & { cause?: { code?: string } }) => error.cause?.code === 'ECONNREFUSED'),
        'new connections refused',
      );
      expect((await socket.closed).code).toBe(1001);
      await sse.ended;
      expect(sse.inbox.failure).toBeUndefined();

      probe.send();
      for (const request of inFlight) request.finish();
      const answers = await Promise.all(inFlight.map((request) => request.answer));
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(201);
        expect(answer.headers.connection).toBe('close');
      }
      const readiness = await probe.closed;
      expect(readiness).toMatch(/^HTTP\/1\.1 503 /);
      expect(readiness).toMatch(/\r\nconnection: close\r\n/i);
      expect(JSON.parse(readiness.slice(readiness.indexOf('\r\n\r\n') + 4))).toEqual({
        error: 503,
        message: 'Shutting down: this instance takes no new work',
      });
      expect(await exited).toBe(0);
      expect(server.output()).toContain('"msg":"shutdown complete"');
    },
  );
});

describe('SHUTDOWN_TIMEOUT and a second signal', () => {
  it('a drain that cannot finish ends at SHUTDOWN_TIMEOUT; a second signal ends it at once', { timeout: 60_000 }, async () => {
    const { serve, token } = await setup('sqlite');
    const bearer = await token('stuck');
    const agent = new http.Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());

    // A request whose body never completes holds the drain until the timeout.
    const timed = await serve({ SHUTDOWN_TIMEOUT: '1s' });
    const heldOpen = halfSentPost(agent, timed.url, '/tasks', bearer, JSON.stringify({ title: 'never finished' }));
    heldOpen.answer.catch(() => undefined);
    await heldOpen.written;
    expect(await signalAndWait(timed)).toBe(1);
    expect(timed.output()).toContain('shutdown took longer than SHUTDOWN_TIMEOUT: exiting now');

    const twice = await serve({ SHUTDOWN_TIMEOUT: '60s' });
    const heldAgain = halfSentPost(agent, twice.url, '/tasks', bearer, JSON.stringify({ title: 'never finished either' }));
    heldAgain.answer.catch(() => undefined);
    await heldAgain.written;
    const exited = new Promise<number | null>((resolve) => twice.child.once('exit', (code) => resolve(code)));
    twice.child.kill('SIGTERM');
    await draining(twice);
    twice.child.kill('SIGINT');
    // Long before the 60 s SHUTDOWN_TIMEOUT.
    expect(await exited).toBe(1);
    expect(twice.output()).toContain('second signal: exiting now');
  });
});

describe('SIGINT, and the start line', () => {
  it('SIGINT (Ctrl-C) drains like SIGTERM; the start line names the database kind and auth mode, never the database password', { timeout: 60_000 }, async () => {
    const { serve, url } = await setup('postgresql');
    const withPassword = new URL(url);
    // The local server trusts loopback, so any password is accepted: it must still never be printed.
    withPassword.password = 'never-print-this-secret';
    const server = await serve({ DATABASE_URL: withPassword.toString() });
    const listening = server.output().split('\n').find((line) => line.includes('tickler is listening'));
    expect(JSON.parse(listening!)).toMatchObject({ url: server.url, database: 'postgresql', authMode: 'local' });
    expect(await signalAndWait(server, 'SIGINT'), server.output().slice(-3000)).toBe(0);
    expect(server.output()).toContain('"signal":"SIGINT"');
    expect(server.output()).toContain('"msg":"shutdown complete"');
    expect(server.output()).not.toContain('never-print-this-secret');
  });
});

describe('PostgreSQL: a drained instance gives its job locks back', () => {
  it('another instance takes the reminder sweep at once, not after REMINDER_LOCK_LIFETIME', { timeout: 90_000 }, async () => {
    const { serve, url } = await setup('postgresql', { REMINDER_SWEEP_INTERVAL: '200ms', REMINDER_LOCK_LIFETIME: '10m' });
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanups.push(() => db.end());
    const lockedBy = async (name: string) =>
      Number((await db.query('SELECT count(*) AS n FROM agenda_jobs WHERE locked_at IS NOT NULL AND last_modified_by = $1', [name])).rows[0].n);

    const first = await serve();
    // The first instance sweeps alone, so it holds the sweep job's lock (it locks each next run ahead).
    await waitUntil(async () => (await lockedBy(`tickler-${hostname()}-${first.child.pid}`)) > 0, 'the first instance holding a job lock');
    const second = await serve();
    expect(await signalAndWait(first), first.output().slice(-3000)).toBe(0);
    expect(await lockedBy(`tickler-${hostname()}-${first.child.pid}`), first.output().slice(-3000)).toBe(0);

    // Due now: with a lock left behind, nobody would fire it for 10 minutes.
    await seedReminders('postgresql', url, { userId: 'takeover', count: 5, fireAt: () => new Date() });
    const fired = async () => Number((await db.query("SELECT count(*) AS n FROM reminders WHERE state = 'fired'")).rows[0].n);
    await waitUntil(async () => (await fired()) === 5, 'the second instance firing the reminders', 20_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\n${second.output().slice(-3000)}`);
    });
    expect(await signalAndWait(second), second.output().slice(-3000)).toBe(0);
  });
});

describe.each(PROVIDERS)('webhook attempts in flight at SIGTERM (%s)', (provider) => {
  it('finish within the drain, or are given back for the next instance at once, not after WEBHOOK_LEASE', { timeout: 90_000 }, async () => {
    const env = { WEBHOOK_ALLOW_INSECURE: 'true', WEBHOOK_TIMEOUT: '30s', WEBHOOK_LEASE: '10m', SHUTDOWN_TIMEOUT: '4s' };
    const { serve, token } = await setup(provider, env);
    const hook = await startReceiver(() => ({ status: 200, body: 'ok', delayMs: 1_000 }));
    cleanups.push(() => hook.close());
    const first = await serve();
    const bearer = await token('hooks');
    const call = (server: ServeProcess, path: string, body?: unknown) =>
      fetch(`${server.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const registered = await call(first, '/webhooks', { url: hook.url });
    expect(registered.status).toBe(201);
    const { id } = (await registered.json()) as { id: number };

    // A slow receiver (1 s): the attempt in flight finishes within the drain and is logged as delivered.
    expect((await call(first, '/tasks', { title: 'slow receiver' })).status).toBe(201);
    await waitUntil(() => hook.open() > 0, 'an attempt in flight');
    expect(await signalAndWait(first), first.output().slice(-3000)).toBe(0);
    expect(hook.received).toHaveLength(1);

    // A receiver that never answers: the attempt is aborted at half of SHUTDOWN_TIMEOUT and its claim given back.
    hook.respondWith(() => ({ status: 200, hang: true }));
    const second = await serve();
    expect((await call(second, '/tasks', { title: 'hanging receiver' })).status).toBe(201);
    await waitUntil(() => hook.received.length === 2 && hook.open() > 0, 'the second attempt in flight');
    expect(await signalAndWait(second)).toBe(0);

    hook.respondWith(() => ({ status: 200, body: 'ok' }));
    const third = await serve();
    await waitUntil(() => hook.received.length === 3, 'the given-back delivery sent again by the next instance', 20_000);
    type Attempt = { statusCode: number | null; deliveryState: string };
    let deliveries: Attempt[] = [];
    // The attempt is logged shortly after the receiver has it (attempts are recorded in batches).
    await waitUntil(async () => {
      deliveries = (await (await call(third, `/webhooks/${id}/deliveries?limit=10`)).json()) as Attempt[];
      return deliveries.length >= 2;
    }, 'the third attempt logged');
    // Two attempts logged, both delivered: the aborted one was given back, not counted as a failure.
    expect(deliveries.map((attempt) => [attempt.statusCode, attempt.deliveryState])).toEqual([
      [200, 'delivered'],
      [200, 'delivered'],
    ]);
    expect(await signalAndWait(third)).toBe(0);
  });
});

type RawConnection = Awaited<ReturnType<typeof openRaw>>;

/** Keep-alive connections that have carried one request each and are idle now. */
async function idleKeepAliveConnections(url: string, count: number): Promise<RawConnection[]> {
  const connections = await Promise.all(Array.from({ length: count }, () => openRaw(url)));
  for (const connection of connections) connection.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${new URL(url).host}\r\n\r\n`);
  await waitUntil(() => connections.every((connection) => connection.answers()[0]?.complete === true), 'the first answers');
  expect(connections.map((connection) => connection.answers()[0]!.headers.connection)).toEqual(connections.map(() => 'keep-alive'));
  return connections;
}

/**
 * Writes one request on each connection (every other one a POST /tasks), all in one go, then begins the
 * drain in the same tick: on loopback the bytes are in the service's socket buffers before it begins.
 * Answers how each request ended: 'answered' (whole, 2xx or 503, the connection then closed without a
 * reset) or what else. `closeSaid`: each answer must say Connection: close (it was made during the drain).
 */
async function writeThenDrain(
  url: string,
  bearer: string,
  connections: RawConnection[],
  drain: () => Promise<unknown>,
  closeSaid: boolean,
): Promise<string[]> {
  const host = new URL(url).host;
  const task = JSON.stringify({ title: 'written as the drain began' });
  const before = connections.map((connection) => connection.answers().length);
  connections.forEach((connection, i) =>
    connection.socket.write(
      i % 2 === 0
        ? `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`
        : `POST /tasks HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${bearer}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(task)}\r\n\r\n${task}`,
    ),
  );
  const drained = drain();
  const endings = await Promise.all(connections.map((connection) => connection.ended));
  await drained;
  return connections.map((connection, i) => {
    const answer = connection.answers()[before[i]!];
    if (endings[i] !== undefined) return `reset (${endings[i]})`;
    if (!answer?.complete) return 'closed without a whole answer';
    const ok = (answer.status >= 200 && answer.status < 300) || answer.status === 503;
    return ok && (!closeSaid || answer.headers.connection === 'close') ? 'answered' : `${answer.status}, Connection: ${answer.headers.connection}`;
  });
}

describe.each(PROVIDERS)('requests already written when the drain begins (%s)', (provider) => {
  it(
    'on keep-alive connections and on connections that had sent nothing yet: each is answered whole (2xx or 503) with Connection: close, none reset',
    { timeout: 60_000 },
    async () => {
      const service = await startTestService(provider);
      let closing = false;
      cleanups.push(() => (closing ? undefined : service.close()));
      let accepted = 0;
      service.app.server.on('connection', () => accepted++);
      const idle = await idleKeepAliveConnections(service.url, 24);
      // And connections the service has accepted but that have sent nothing yet.
      const fresh = await Promise.all(Array.from({ length: 8 }, () => openRaw(service.url)));
      await waitUntil(() => accepted === idle.length + fresh.length, 'the service accepting every connection');

      // service.close() is what SIGTERM calls; called in the tick that wrote the requests, it begins the
      // drain before the service has read any of them.
      const outcomes = await writeThenDrain(service.url, await service.token('drain-written'), [...idle, ...fresh], () => {
        closing = true;
        return service.close();
      }, true);
      expect(outcomes).toEqual(outcomes.map(() => 'answered'));
    },
  );

  // The signal may be handled before or after the requests are read: answers made before the drain began
  // may keep their connection alive (the drain then closes it, idle); none may be lost.
  it('the same on `tickler serve`, the drain begun by SIGTERM', { timeout: 60_000 }, async () => {
    const { serve, token } = await setup(provider);
    const server = await serve();
    const idle = await idleKeepAliveConnections(server.url, 24);
    let exited!: Promise<number | null>;
    const outcomes = await writeThenDrain(server.url, await token('drain-written'), idle, () => (exited = signalAndWait(server)), false);
    expect(outcomes).toEqual(outcomes.map(() => 'answered'));
    expect(await exited, server.output().slice(-3000)).toBe(0);
  });
});
