import { Writable } from 'node:stream';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_AUDIENCE, LOCAL_ISSUER } from '../../src/config.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { TaskChangedSubscription } from '../graphql/documents.js';
import { openWsClient, subscribeSse, subscribeWs } from '../support/graphql-client.js';
import { seedReminders } from '../support/seed-reminders.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/support/receiver.js';
import { QUICK_BACKGROUND_ENV } from './quick-background-env.js';

interface LogLine {
  level: string;
  msg: string;
  [key: string]: unknown;
}

/** Collects a service's log stream, and fails on any line that is not one JSON object with a level name. */
function logCollector() {
  const raw: string[] = [];
  const lines: LogLine[] = [];
  return {
    raw,
    lines,
    destination: {
      write(chunk: string) {
        raw.push(chunk);
        for (const text of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      },
    },
    find: (msg: string, where: (line: LogLine) => boolean = () => true) => lines.filter((line) => line.msg === msg && where(line)),
  };
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

describe('logs an operator can read', () => {
  let service: TestService;
  let oidc: TestService;
  const log = logCollector();
  const oidcLog = logCollector();
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    service = await startTestService('sqlite', {
      env: { LOG_LEVEL: 'info', ...QUICK_BACKGROUND_ENV },
      logDestination: log.destination,
    });
    // An issuer nobody answers for: its keys cannot be fetched.
    oidc = await startTestService('sqlite', {
      env: { LOG_LEVEL: 'info', AUTH_ISSUER: 'http://127.0.0.1:9/issuer', AUTH_AUDIENCE: 'tickler' },
      logDestination: oidcLog.destination,
    });
  });
  afterAll(async () => {
    for (const receiver of receivers) await receiver.close();
    await service?.close();
    await oidc?.close();
  });

  it('writes every line as one JSON object with the level by name', () => {
    expect(log.lines.length).toBeGreaterThan(3);
    for (const line of log.lines) expect(LEVELS).toContain(line.level);
  });

  it('logs the start-up steps', () => {
    const messages = log.lines.map((line) => line.msg);
    expect(messages).toContain('starting');
    expect(messages).toContain('migrations applied');
    expect(messages).toContain('database opened');
    expect(messages).toContain('background work started: outbox relay, webhook dispatcher, push dispatcher, reminder scheduler');
    expect(messages.some((msg) => msg.startsWith('Server listening at'))).toBe(true);
  });

  it('writes exactly one line per request with method, route, status, ms, request id and user, and never the token', async () => {
    const token = await service.token('log-user');
    const response = await fetch(`${service.url}/tasks/424242?x=1`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(404);
    const requestId = response.headers.get('x-request-id')!;
    await waitUntil(() => log.lines.some((line) => line.reqId === requestId && line.msg === 'request'), 'the request line');
    const lines = log.lines.filter((line) => line.reqId === requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'DELETE',
      route: '/tasks/:id',
      path: '/tasks/424242',
      status: 404,
      userId: 'log-user',
    });
    expect(typeof lines[0]!.ms).toBe('number');
    expect(log.raw.join('')).not.toContain(token);
    expect(log.raw.join('')).not.toMatch(/incoming request|request completed/);
  });

  it('never writes a secret of a path or query: the calendar feed token is redacted on every route and method, queries are dropped', async () => {
    const created = await service.request('log-feed', '/calendar/feed', { method: 'POST' });
    expect(created.status).toBe(201);
    const file = new URL(((await created.json()) as { url: string }).url).pathname.split('/').at(-1)!;
    const secret = file.replace(/\.ics$/, '');
    expect(secret.length).toBeGreaterThan(20);
    // /login answers the web app's page when it is built: its status does not matter here.
    const requests: Array<{ path: string; method?: string; status?: number; logged: string }> = [
      { path: `/calendar/${file}`, status: 200, logged: '/calendar/[redacted]' },
      { path: `/calendar/${file}?kind=todo&token=${secret}`, status: 200, logged: '/calendar/[redacted]' },
      { path: `/calendar/${file}`, method: 'HEAD', status: 200, logged: '/calendar/[redacted]' },
      { path: `/calendar/${file}`, method: 'POST', status: 405, logged: '/calendar/[redacted]' },
      { path: `/calendar/${file}/again`, status: 404, logged: '/calendar/[redacted]' },
      { path: `/tasks?token=${secret}&code=${secret}`, status: 401, logged: '/tasks' },
      { path: `/login?code=${secret}&state=${secret}`, logged: '/login' },
    ];
    for (const request of requests) {
      const response = await fetch(`${service.url}${request.path}`, { method: request.method ?? 'GET' });
      if (request.status !== undefined) expect(response.status, request.path).toBe(request.status);
      const requestId = response.headers.get('x-request-id')!;
      await waitUntil(() => log.lines.some((line) => line.reqId === requestId && line.msg === 'request'), 'the request line');
      const line = log.lines.find((l) => l.reqId === requestId && l.msg === 'request')!;
      expect(line.path, `${request.method ?? "GET"} ${request.path} ${JSON.stringify(line)}`).toBe(request.logged);
    }
    expect(log.raw.join('')).not.toContain(secret);
  });

  async function refusedWith(target: TestService, collector: ReturnType<typeof logCollector>, token: string) {
    const response = await fetch(`${target.url}/tasks`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-request-id')!;
    await waitUntil(() => collector.find('token refused', (line) => line.reqId === requestId).length === 1, 'the refusal line');
    const [line] = collector.find('token refused', (line) => line.reqId === requestId);
    expect(line!.level).toBe('info');
    expect(JSON.stringify(collector.lines)).not.toContain(token);
    return line!.reason;
  }

  it('logs each refused token at info with its reason', async () => {
    const key = await loadOrCreateLocalSigningKey(service.dataDir);
    const stranger = await generateKeyPair('EdDSA');
    const now = Math.floor(Date.now() / 1000);
    const token = (options: { issuer?: string; audience?: string; exp?: number; kid?: string; signer?: CryptoKey | typeof key.privateKey }) =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'EdDSA', kid: options.kid ?? key.kid })
        .setIssuer(options.issuer ?? LOCAL_ISSUER)
        .setAudience(options.audience ?? LOCAL_AUDIENCE)
        .setSubject('log-user')
        .setIssuedAt(now - 7200)
        .setExpirationTime(options.exp ?? now + 3600)
        .sign(options.signer ?? key.privateKey);
    expect(await refusedWith(service, log, await token({ exp: now - 3600 }))).toBe('expired');
    expect(await refusedWith(service, log, await token({ signer: stranger.privateKey }))).toBe('bad signature');
    expect(await refusedWith(service, log, await token({ issuer: 'https://elsewhere.example' }))).toBe('wrong issuer');
    expect(await refusedWith(service, log, await token({ audience: 'another-api' }))).toBe('wrong audience');
    expect(await refusedWith(service, log, await token({ kid: 'no-such-key', signer: stranger.privateKey }))).toBe('unknown key');
    expect(await refusedWith(service, log, 'not-a-jwt')).toBe('malformed');
    const forOidc = await new SignJWT({})
      .setProtectedHeader({ alg: 'EdDSA', kid: 'k1' })
      .setIssuer('http://127.0.0.1:9/issuer')
      .setAudience('tickler')
      .setSubject('log-user')
      .setExpirationTime(now + 3600)
      .sign(stranger.privateKey);
    expect(await refusedWith(oidc, oidcLog, forOidc)).toBe('issuer unreachable');
  });

  it('logs WebSocket connections and their close code, and SSE subscriptions starting and ending', async () => {
    const ws = openWsClient(service, `Bearer ${await service.token('log-live')}`);
    const subscription = subscribeWs(ws, TaskChangedSubscription);
    await waitUntil(() => log.find('websocket connected', (line) => line.userId === 'log-live').length === 1, 'the connect line');
    subscription.close();
    await ws.dispose();
    await waitUntil(() => log.find('websocket closed', (line) => line.userId === 'log-live').length === 1, 'the close line');
    expect(log.find('websocket closed', (line) => line.userId === 'log-live')[0]).toMatchObject({ level: 'info', code: 1000 });

    const refused = openWsClient(service, 'Bearer not-a-jwt');
    await waitUntil(() => log.find('websocket closed', (line) => line.code === 4401).length === 1, 'the refused socket closing with 4401');
    await refused.dispose();

    const sse = await subscribeSse(service, 'log-live', TaskChangedSubscription);
    await waitUntil(() => log.find('sse subscription started', (line) => line.userId === 'log-live').length === 1, 'the SSE start line');
    sse.close();
    await waitUntil(() => log.find('sse subscription ended', (line) => line.userId === 'log-live').length === 1, 'the SSE end line');
  });

  it('logs each failed webhook attempt with the endpoint, the status or error and the next attempt, and each endpoint disabled', async () => {
    const failing = await startReceiver(() => ({ status: 503, body: 'busy' }));
    const gone = await startReceiver(() => ({ status: 410, body: 'gone' }));
    const closed = await startReceiver();
    await closed.stop();
    receivers.push(failing, gone, closed);
    const endpoints: Record<string, number> = {};
    for (const [user, receiver] of [['log-503', failing], ['log-410', gone], ['log-refused', closed]] as const) {
      const created = await service.request(user, '/webhooks', jsonRequest('POST', { url: receiver.url }));
      endpoints[user] = ((await created.json()) as { id: number }).id;
      expect((await service.request(user, '/tasks', jsonRequest('POST', { title: 'Hook me' }))).status).toBe(201);
    }
    const attemptLine = (user: string) => log.lines.find((line) => line.msg.startsWith('webhook attempt failed') && line.webhookEndpointId === endpoints[user]);
    await waitUntil(() => Boolean(attemptLine('log-503') && attemptLine('log-refused') && attemptLine('log-410')), 'three failed attempts');
    expect(attemptLine('log-503')).toMatchObject({ level: 'info', status: 503, error: 'HTTP 503', attempt: 1 });
    expect(Date.parse(attemptLine('log-503')!.nextAttemptAt as string)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(attemptLine('log-refused')).toMatchObject({ status: null });
    expect(String(attemptLine('log-refused')!.error)).toMatch(/ECONNREFUSED/);
    expect(attemptLine('log-410')).toMatchObject({ status: 410, nextAttemptAt: null });
    await waitUntil(() => log.find('webhook endpoint disabled', (line) => line.webhookEndpointId === endpoints['log-410']).length === 1, 'the disabled line');
    expect(log.find('webhook endpoint disabled')[0]!.level).toBe('warn');
  });

  it('logs each reminder missed', async () => {
    await seedReminders('sqlite', service.databaseUrl, { userId: 'log-missed', count: 2, fireAt: () => new Date(Date.now() - 3 * 3_600_000), offsetMinutes: 5 });
    await waitUntil(() => log.find('reminder missed', (line) => line.userId === 'log-missed').length === 2, 'two missed lines');
    const [line] = log.find('reminder missed', (l) => l.userId === 'log-missed');
    expect(line).toMatchObject({ level: 'warn', offsetMinutes: 5 });
    expect(typeof line!.taskId).toBe('string');
  });

  it('logs the shutdown steps', async () => {
    const collector = logCollector();
    const short = await startTestService('sqlite', { env: { LOG_LEVEL: 'info' }, logDestination: collector.destination });
    await short.close();
    const messages = collector.lines.map((line) => line.msg);
    for (const step of ['HTTP server', 'reminder scheduler', 'webhook dispatcher', 'push dispatcher', 'outbox relay', 'database']) {
      expect(messages).toContain(`shutdown: ${step} stopped`);
    }
    expect(messages.at(-1)).toBe('shutdown complete');
  });
});

describe('LOG_FORMAT=pretty', () => {
  it('writes lines for a person instead of JSON', async () => {
    const raw: string[] = [];
    const service = await startTestService('sqlite', {
      env: { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' },
      logDestination: new Writable({
        write(chunk: Buffer, _encoding, done) {
          raw.push(String(chunk));
          done();
        },
      }),
    });
    try {
      expect((await fetch(`${service.url}/healthz`)).status).toBe(200);
      await waitUntil(() => raw.join('').includes('/healthz'), 'the request line');
    } finally {
      await service.close();
    }
    const text = raw.join('');
    expect(text).toMatch(/INFO.*request/);
    expect(() => JSON.parse(text.split('\n')[0]!)).toThrow();
  });
});
