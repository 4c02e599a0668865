import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

/** The raw response of a POST /graphql: status, headers and body as they came off the socket. */
function post(url: string, authorization: string, body: string, accept: string) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(`${url}/graphql`, { method: 'POST', headers: { authorization, accept, 'content-type': 'application/json' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('GraphQL results on HTTP', () => {
  let service: TestService;
  let authorization: string;
  beforeAll(async () => {
    service = await startTestService('sqlite');
    authorization = `Bearer ${await service.token('whole')}`;
  });
  afterAll(async () => service?.close());

  it('sends a single result whole, with its Content-Length, in either JSON media type', async () => {
    const query = JSON.stringify({ query: 'mutation { createTask(input: { title: "whole" }) { id title } }' });
    for (const accept of ['application/json', 'application/graphql-response+json']) {
      const { status, headers, text } = await post(service.url, authorization, query, accept);
      expect(status).toBe(200);
      expect(headers['content-type']).toContain(accept);
      expect(headers['transfer-encoding']).toBeUndefined();
      expect(Number(headers['content-length'])).toBe(Buffer.byteLength(text));
      expect(JSON.parse(text)).toMatchObject({ data: { createTask: { title: 'whole' } } });
    }
  });

  it('answers a query with the same text whichever JSON media type the client accepts, or none', async () => {
    await post(service.url, authorization, JSON.stringify({ query: 'mutation { createTask(input: { title: "same", dueAt: "2027-01-02T03:04:05Z" }) { id } }' }), 'application/json');
    const query = JSON.stringify({ query: '{ tasks(first: 50) { edges { cursor node { id title dueAt priority status } } pageInfo { endCursor hasNextPage } } }' });
    const answers = await Promise.all(
      ['application/json', '*/*', 'application/graphql-response+json, application/json'].map((accept) => post(service.url, authorization, query, accept)),
    );
    expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
    expect(answers[0]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answers[1]!.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answers[2]!.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(answers[1]!.text).toBe(answers[0]!.text);
    expect(answers[2]!.text).toBe(answers[0]!.text);
    expect(JSON.parse(answers[0]!.text).data.tasks.edges).toContainEqual(expect.objectContaining({ node: expect.objectContaining({ title: 'same', dueAt: '2027-01-02T03:04:05.000Z' }) }));
  });

  it('runs a mutation once when one of its fields fails, and answers both fields', async () => {
    const title = `once ${Date.now()}`;
    const mutation = JSON.stringify({ query: `mutation { a: createTask(input: { title: "${title}" }) { title } b: createTask(input: { title: "   " }) { title } }` });
    const { status, text } = await post(service.url, authorization, mutation, 'application/json');
    expect(status).toBe(200);
    const answer = JSON.parse(text);
    expect(answer.data).toEqual({ a: { title }, b: null });
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors[0]).toMatchObject({ path: ['b'], extensions: { code: expect.any(String) } });
    const search = JSON.stringify({ query: `{ tasks(filter: { search: "${title}" }) { totalCount } }` });
    expect(JSON.parse((await post(service.url, authorization, search, 'application/json')).text).data.tasks.totalCount).toBe(1);
  });

  it('still streams a subscription as server-sent events', async () => {
    const controller = new AbortController();
    const response = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { authorization, accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'subscription { taskChanged { id type } }' }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    expect(response.headers.get('content-length')).toBeNull();
    controller.abort();
  });
});
