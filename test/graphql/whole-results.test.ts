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
