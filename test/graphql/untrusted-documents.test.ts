import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlRequest, wsUrl } from '../support/graphql-client.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Documents an anonymous caller must learn nothing from: invalid fields (suggestions), bad syntax, a valid query. */
const PROBES = ['{ tsks { edges { node { titel } } } }', '{ me { id ', 'query { me { id } }', '{ __schema { types { name } } }'];

/** Sends one subscribe message over an acknowledged graphql-transport-ws socket; resolves with the first answer to it. */
function wsOperation(service: TestService, token: string, query: string): Promise<{ type: string; payload?: unknown; closeCode?: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws');
    const timer = setTimeout(() => {
      socket.terminate();
      reject(new Error('no answer'));
    }, 15_000);
    const done = (answer: { type: string; payload?: unknown; closeCode?: number }) => {
      clearTimeout(timer);
      socket.close(1000);
      resolve(answer);
    };
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${token}` } })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; payload?: unknown };
      if (message.type === 'connection_ack') socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
      else if (message.type === 'error' || message.type === 'next') done(message);
    });
    socket.on('close', (code) => done({ type: 'closed', closeCode: code }));
    socket.on('error', reject);
  });
}

describe('GraphQL documents from callers the service does not trust', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite', { env: { LOG_LEVEL: 'silent' } });
  });
  afterAll(async () => service?.close());

  it('answers 401 UNAUTHENTICATED to every anonymous POST before parsing or validating the document', async () => {
    const credentials = [null, { authorization: 'Bearer not.a.jwt' }, { authorization: 'Basic dXNlcjpwYXNz' }];
    for (const user of credentials) {
      for (const query of PROBES) {
        const { status, headers, body } = await graphqlRequest(service, user, query);
        expect(status, `${JSON.stringify(user)} ${query}`).toBe(401);
        expect(headers.get('www-authenticate')).toBe('Bearer');
        expect(body.data ?? null).toBeNull();
        expect(body.errors).toHaveLength(1);
        expect(body.errors![0]!.extensions?.code).toBe('UNAUTHENTICATED');
        expect(JSON.stringify(body)).not.toMatch(/Did you mean|Syntax Error|Cannot query field|titel|tsks/);
      }
    }
    // A body that is not even JSON, or not GraphQL's shape, is refused the same way.
    for (const body of ['{not json', '[]', '']) {
      const response = await fetch(`${service.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(response.status, body).toBe(401);
      expect(((await response.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('answers 401 UNAUTHENTICATED to an anonymous GET /graphql?query=, while the GraphiQL page itself stays open', async () => {
    for (const query of PROBES) {
      const response = await fetch(`${service.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/json' } });
      const text = await response.text();
      expect(response.status, query).toBe(401);
      expect(text).not.toMatch(/Did you mean|Syntax Error|Cannot query field/);
      expect((JSON.parse(text) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe('UNAUTHENTICATED');
    }
    const page = await fetch(`${service.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('still answers a caller with a valid token, validation errors included', async () => {
    const { status, body } = await graphqlRequest(service, 'alice', '{ me { id } }');
    expect(status).toBe(200);
    expect(body.data).toEqual({ me: { id: 'alice' } });
    const invalid = await graphqlRequest(service, 'alice', '{ tsks { edges { node { title } } } }');
    expect(invalid.body.errors?.[0]?.message).toMatch(/Cannot query field "tsks"/);
  });

  describe('parser limits', () => {
    const nestedList = (depth: number) => `query { tasks(first: ${'['.repeat(depth)}1${']'.repeat(depth)}) { edges { node { id } } } }`;
    const nestedObject = (depth: number) => `mutation { createTask(input: ${'{a: '.repeat(depth)}1${'}'.repeat(depth)}) { task { id } } }`;
    const nestedSelection = (depth: number) => `{ ${'me { '.repeat(depth)}id${' }'.repeat(depth)} }`;
    const manyTokens = `{ me { ${'id '.repeat(20_000)}} }`;
    const hostile = [nestedList(5_000), nestedList(200), nestedObject(3_000), nestedSelection(3_000), manyTokens];

    it('refuses deeply nested values, selections and oversized documents over HTTP with a 400-class error, never a server error', async () => {
      for (const query of hostile) {
        const { status, body } = await graphqlRequest(service, 'alice', query);
        const label = query.slice(0, 60);
        expect(status, label).toBeGreaterThanOrEqual(400);
        expect(status, label).toBeLessThan(500);
        expect(body.errors?.[0]?.extensions?.code, label).toBe('GRAPHQL_PARSE_FAILED');
        expect(body.errors?.[0]?.message, label).toMatch(/nest|tokens/i);
      }
      // GET takes the same path.
      const response = await fetch(`${service.url}/graphql?${new URLSearchParams({ query: nestedList(1_000) })}`, {
        headers: { accept: 'application/json', authorization: `Bearer ${await service.token('alice')}` },
      });
      expect(response.status).toBe(400);
      expect(await service.database.db.task.count()).toBe(0);
    });

    it('refuses the same documents over WebSocket with an error message and keeps the socket usable', async () => {
      const token = await service.token('alice');
      for (const query of hostile) {
        const answer = await wsOperation(service, token, query);
        expect(answer.type, query.slice(0, 60)).toBe('error');
        const errors = answer.payload as Array<{ message: string; extensions?: { code?: string } }>;
        expect(errors[0]!.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
        expect(errors[0]!.message).toMatch(/nest|tokens/i);
      }
      expect((await wsOperation(service, token, '{ me { id } }')).type).toBe('next');
    });

    it('accepts ordinary documents, including moderately nested input', async () => {
      const { status, body } = await graphqlRequest(service, 'alice', 'query { tasks(first: 5, filter: {status: PENDING}) { edges { node { id } } } }');
      expect(status).toBe(200);
      expect(body.errors).toBeUndefined();
    });
  });
});
