import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';
import { expectErrorResponse } from '../support/error-body.js';
import { startTestService, type TestService } from '../support/test-service.js';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** When the server closed the connection, after the last byte was sent. */
  closedAfterMs: number;
}

/** Sends `chunks` over a plain TCP connection (a pause between them) and reads until the server closes it. */
function rawRequest(service: TestService, chunks: string[], pauseMs = 0): Promise<RawAnswer> {
  const { hostname, port } = new URL(service.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    let sentAt = Date.now();
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within 20 s; got: ${Buffer.concat(received).toString()}`));
    }, 20_000);
    socket.on('connect', async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0 && pauseMs > 0) await new Promise((done) => setTimeout(done, pauseMs));
        if (socket.destroyed) break;
        socket.write(chunk);
        sentAt = Date.now();
      }
    });
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head, body, closedAfterMs: Date.now() - sentAt });
    });
  });
}

function expectShape(answer: RawAnswer, status: number): void {
  expect(answer.status, answer.headers).toBe(status);
  expect(answer.headers).toMatch(/content-type: application\/json/i);
  const body = JSON.parse(answer.body) as { error: number; message: string };
  expect(body).toEqual({ error: status, message: expect.any(String) });
  expect(body.message.length).toBeGreaterThan(0);
}

describe('answers outside the routes', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite', { env: { HTTP_REQUEST_TIMEOUT: '1s' } });
  });
  afterAll(async () => service?.close());

  it('answers 414 in the error shape for a path parameter over 200 characters', async () => {
    for (const path of [`/tasks/${'1'.repeat(201)}`, `/webhooks/${'9'.repeat(300)}/deliveries`]) {
      const response = await service.request('alice', path, { method: 'DELETE' });
      await expectErrorResponse(response, 414);
    }
    // 200 characters are still routed (and refused as an id out of range).
    await expectErrorResponse(await service.request('alice', `/tasks/${'1'.repeat(200)}`, { method: 'DELETE' }), 400);
  });

  it('answers 400 in the error shape for a URL that is not validly percent-encoded', async () => {
    await expectErrorResponse(await service.request('alice', '/tasks/%E0%A4%A', { method: 'DELETE' }), 400);
  });

  it('answers a malformed request with 400 in the error shape, and closes the connection', async () => {
    const answers = await Promise.all([
      rawRequest(service, ['GET /tasks HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n']),
      rawRequest(service, ['GET /tasks HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n']),
      rawRequest(service, ['\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n']),
      rawRequest(service, ['POST /tasks HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n']),
    ]);
    for (const answer of answers) expectShape(answer, 400);
  });

  it('answers an oversized header block with 431 in the error shape', async () => {
    const answer = await rawRequest(service, [`GET /tasks HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`]);
    expectShape(answer, 431);
    const viaFetch = await fetch(`${service.url}/tasks`, { headers: { 'x-big': 'b'.repeat(20_000) } });
    await expectErrorResponse(viaFetch, 431);
  });

  it('answers a request that does not arrive within HTTP_REQUEST_TIMEOUT with 408 in the error shape', async () => {
    const token = await service.token('slow');
    // Headers never finished, and a body that stops half-way.
    const [headers, body] = await Promise.all([
      rawRequest(service, ['GET /tasks HTTP/1.1\r\nHost: x\r\n']),
      rawRequest(service, [
        `POST /tasks HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"title":`,
      ]),
    ]);
    expectShape(headers, 408);
    expectShape(body, 408);
    expect(await service.database.db.task.count()).toBe(0);
  });

  it('answers a subscription POSTed without Accept: text/event-stream with 406 and a body saying what to send', async () => {
    const response = await service.request('alice', '/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query: 'subscription { taskChanged { id } }' }),
    });
    expect(response.status).toBe(406);
    const body = (await response.json()) as { errors: Array<{ message: string; extensions: { code: string } }> };
    expect(body.errors[0]!.extensions.code).toBe('NOT_ACCEPTABLE');
    expect(body.errors[0]!.message).toMatch(/Accept: text\/event-stream/);
  });

  it('reads HTTP_REQUEST_TIMEOUT as a duration and refuses nonsense', () => {
    expect(loadConfig({}).httpRequestTimeoutMs).toBe(300_000);
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT: '30s' }).httpRequestTimeoutMs).toBe(30_000);
    for (const bad of ['0s', 'soon', '2h']) expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT: bad })).toThrow(ConfigError);
  });
});
