import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../support/capture-uploads.js';
import { expectErrorResponse } from '../support/error-body.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

/** `{"title":"caf<0xE9> …"}`: Latin-1 bytes, not UTF-8 (what a misconfigured client sends). */
function withInvalidUtf8(prefix: string, suffix: string): Buffer {
  return Buffer.concat([Buffer.from(prefix, 'utf8'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0xfe]), Buffer.from(suffix, 'utf8')]);
}

describe.each(PROVIDERS)('request bodies on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true' } });
  });
  afterAll(async () => service?.close());

  const send = (path: string, method: string, body: Buffer | string | undefined, headers: Record<string, string> = {}) =>
    service.request('alice', path, { method, headers, body: body === undefined ? undefined : new Uint8Array(Buffer.from(body)) });

  async function storedCounts() {
    const db = service.database.db;
    return { tasks: await db.task.count(), endpoints: await db.webhookEndpoint.count(), events: await db.event.count() };
  }

  it('refuses JSON bodies that are not valid UTF-8 with 400 (REST, GraphQL, capture, webhooks) and stores nothing', async () => {
    const before = await storedCounts();
    const json = { 'content-type': 'application/json' };
    await expectErrorResponse(await send('/tasks', 'POST', withInvalidUtf8('{"title":"', '"}'), json), 400);
    await expectErrorResponse(await send('/capture?create=true', 'POST', withInvalidUtf8('{"text":"', ' tomorrow at 5pm"}'), json), 400);
    await expectErrorResponse(await send('/webhooks', 'POST', withInvalidUtf8('{"url":"http://127.0.0.1:9/x","description":"', '"}'), json), 400);
    const graphql = await send(
      '/graphql',
      'POST',
      withInvalidUtf8('{"query":"mutation { createTask(input: {title: \\"', '\\"}) { task { id } } }"}'),
      { ...json, accept: 'application/json' },
    );
    expect(graphql.status).toBe(400);
    // Invalid bytes inside GraphQL variables too.
    const variables = await send(
      '/graphql',
      'POST',
      withInvalidUtf8('{"query":"mutation ($t: String!) { createTask(input: {title: $t}) { task { id } } }","variables":{"t":"', '"}}'),
      { ...json, accept: 'application/json' },
    );
    expect(variables.status).toBe(400);
    expect(await storedCounts()).toEqual(before);
  });

  it('refuses a /capture form whose text field is not valid UTF-8 with 400 and stores nothing', async () => {
    const before = await storedCounts();
    const form = multipartBody([{ name: 'text', value: withInvalidUtf8('', ' tomorrow at 5pm') }]);
    const answer = await send('/capture?create=true', 'POST', form.body, { 'content-type': form.contentType });
    const body = await expectErrorResponse(answer, 400);
    expect(body.message).toMatch(/UTF-8/);
    expect(await storedCounts()).toEqual(before);
    // Well-formed text in the same form shape is read.
    const fine = multipartBody([{ name: 'text', value: Buffer.from('café tomorrow at 5pm', 'utf8') }]);
    const draft = await send('/capture', 'POST', fine.body, { 'content-type': fine.contentType });
    expect(draft.status).toBe(200);
    expect(((await draft.json()) as { title: string }).title).toMatch(/^Café/);
  });

  it('stores well-formed multi-byte UTF-8 exactly', async () => {
    const title = 'Café ☕ 🎉 ÿþ';
    const created = await send('/tasks', 'POST', JSON.stringify({ title }), { 'content-type': 'application/json; charset=utf-8' });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { title: string }).title).toBe(title);
  });

  it('completes a task whatever Content-Type an empty DELETE carries, with no body or Content-Length: 0', async () => {
    const headerSets: Array<Record<string, string>> = [
      {},
      { 'content-type': 'application/json' },
      { 'content-type': 'application/json; charset=utf-8' },
      { 'content-type': 'application/x-www-form-urlencoded' },
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/octet-stream' },
      { 'content-type': 'multipart/form-data; boundary=x' },
    ];
    for (const headers of headerSets) {
      for (const body of [undefined, '']) {
        const created = await send('/tasks', 'POST', JSON.stringify({ title: 'to complete' }), { 'content-type': 'application/json' });
        const { id } = (await created.json()) as { id: number };
        const response = await send(`/tasks/${id}`, 'DELETE', body, headers);
        expect(response.status, `${JSON.stringify(headers)} body=${JSON.stringify(body)}: ${await response.clone().text()}`).toBe(204);
        const listed = (await (await service.request('alice', '/tasks?status=completed&limit=200')).json()) as Array<{ id: number }>;
        expect(listed.map((task) => task.id)).toContain(id);
      }
    }
  });

  it('answers every other body-less operation with an empty JSON-typed body as without one', async () => {
    const json = { 'content-type': 'application/json' };
    expect((await send('/tasks', 'GET', undefined, json)).status).toBe(200);
    const endpoint = await send('/webhooks', 'POST', JSON.stringify({ url: 'http://127.0.0.1:9/hook' }), json);
    expect(endpoint.status).toBe(201);
    const { id } = (await endpoint.json()) as { id: number };
    expect((await send(`/webhooks/${id}`, 'GET', undefined, json)).status).toBe(200);
    expect((await send(`/webhooks/${id}/rotate-secret`, 'POST', '', json)).status).toBe(200);
    expect((await send(`/webhooks/${id}/test`, 'POST', '', json)).status).toBe(202);
    expect((await send(`/webhooks/${id}/deliveries`, 'GET', undefined, json)).status).toBe(200);
    expect((await send(`/webhooks/${id}`, 'DELETE', '', json)).status).toBe(204);
    expect((await send('/webhooks/999999', 'DELETE', '', json)).status).toBe(404);
  });

  it('ignores a non-empty body on an operation that takes none, whatever its Content-Type, as documented', async () => {
    const bodies: Array<[Record<string, string>, string]> = [
      [{ 'content-type': 'application/json' }, '{"reason":"done"}'],
      [{ 'content-type': 'application/json' }, '{not json'],
      [{ 'content-type': 'text/plain' }, 'whatever'],
      [{ 'content-type': 'application/xml' }, '<done/>'],
    ];
    for (const [headers, body] of bodies) {
      const created = await send('/tasks', 'POST', JSON.stringify({ title: 'with a body' }), { 'content-type': 'application/json' });
      const { id } = (await created.json()) as { id: number };
      expect((await send(`/tasks/${id}`, 'DELETE', body, headers)).status, body).toBe(204);
    }
  });

  it('still refuses a missing or empty body where one is needed, in the error shape', async () => {
    const before = await storedCounts();
    await expectErrorResponse(await send('/tasks', 'POST', '', { 'content-type': 'application/json' }), 400);
    await expectErrorResponse(await send('/tasks', 'POST', undefined, { 'content-type': 'application/json' }), 400);
    await expectErrorResponse(await send('/webhooks', 'POST', '', { 'content-type': 'application/json' }), 400);
    await expectErrorResponse(await send('/tasks', 'POST', 'title=x', { 'content-type': 'text/plain' }), 415);
    expect(await storedCounts()).toEqual(before);
  });
});
