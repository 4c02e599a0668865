import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/app.js';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('HTTP-level answers on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('answers an unknown path with 404 and the error body, with or without a token', async () => {
    await expectErrorResponse(await service.request('u', '/nope'), 404);
    await expectErrorResponse(await service.request(null, '/tasks/1/extra'), 404);
    await expectErrorResponse(await service.request('u', '/TASKS'), 404);
  });

  it.each([
    ['PUT', '/tasks', 'GET, HEAD, POST'],
    ['PATCH', '/tasks', 'GET, HEAD, POST'],
    ['DELETE', '/tasks', 'GET, HEAD, POST'],
    ['POST', '/tasks/1', 'GET, HEAD, PATCH, DELETE'],
    ['PUT', '/tasks/1', 'GET, HEAD, PATCH, DELETE'],
    ['GET', '/tasks/1/reopen', 'POST'],
    ['POST', '/healthz', 'GET, HEAD'],
  ])('answers %s %s with 405 and Allow: %s', async (method, pathname, allow) => {
    const response = await service.request('u', pathname, { method });
    await expectErrorResponse(response, 405);
    expect(response.headers.get('allow')).toBe(allow);
  });

  it('serves /healthz and /readyz without a token, revealing nothing else', async () => {
    const health = await fetch(`${service.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json() as any).toEqual({ status: 'ok' });
    const ready = await fetch(`${service.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json() as any).toEqual({ status: 'ready' });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await service.request('u', '/tasks', { headers: { 'x-request-id': 'client-abc-123' } });
    expect(given.headers.get('x-request-id')).toBe('client-abc-123');
    const made = await service.request('u', '/tasks');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers a burst of bad requests 400, 413 or 415 in the error shape, creating nothing, and keeps answering', async () => {
    const bodies = ['', '{', '[]', 'null', '"x"', '{"title":{}}', '\u0000', '{"title":"\\ud800"}', 'x'.repeat(70_000)];
    const types = ['application/json', 'text/plain', 'application/octet-stream', 'multipart/form-data; boundary=x'];
    const tasksBefore = await service.database.db.task.count({ where: { userId: 'u' } });
    for (const body of bodies) {
      for (const type of types) {
        const response = await service.request('u', '/tasks', { method: 'POST', body, headers: { 'content-type': type } });
        // Only JSON is read at all (anything else is 415 before its body); a JSON body past the limit is 413.
        const expected = type !== 'application/json' ? 415 : body.length > BODY_LIMIT_BYTES ? 413 : 400;
        expect(response.status, `${type} ${body.slice(0, 20)}`).toBe(expected);
        await expectErrorResponse(response, expected);
      }
    }
    expect(await service.database.db.task.count({ where: { userId: 'u' } })).toBe(tasksBefore);
    expect((await service.request('u', '/tasks', jsonRequest('POST', { title: 'still fine' }))).status).toBe(201);
  });
});
