import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationParam } from '../../src/graphql/authorization-param.js';
import { wsUrl } from '../support/graphql-client.js';
import { startTestService, type TestService } from '../support/test-service.js';

/** Runs `{ me { id } }` over graphql-ws with these connectionParams: the user id, or how the socket closed. */
async function meOverWebSocket(service: TestService, connectionParams: Record<string, unknown>): Promise<string> {
  const client = createClient({ url: wsUrl(service), webSocketImpl: WebSocket, connectionParams, retryAttempts: 0, lazy: true });
  try {
    return await new Promise<string>((resolve) => {
      let id = 'no result';
      client.subscribe<{ me: { id: string } }>(
        { query: '{ me { id } }' },
        {
          next: (result) => (id = result.data?.me.id ?? JSON.stringify(result.errors)),
          error: (error) => resolve(`closed ${(error as { code?: number }).code}`),
          complete: () => resolve(id),
        },
      );
    });
  } finally {
    await client.dispose();
  }
}

describe('GraphiQL served by the service', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite');
  });
  afterAll(async () => service?.close());

  it('serves a page that loads every script and style from this service, with no inline script', async () => {
    const response = await fetch(`${service.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThanOrEqual(4);
    for (const source of sources) expect(source, 'same origin, under /graphql').toMatch(/^\/graphql\//);
    expect(html).not.toMatch(/https?:\/\//);
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)]).toEqual([]);
    for (const source of sources) {
      const asset = await fetch(`${service.url}${source}`);
      expect(asset.status, source).toBe(200);
      expect(asset.headers.get('content-type'), source).toMatch(source.endsWith('.css') ? /^text\/css/ : /^text\/javascript/);
      expect((await asset.text()).length, source).toBeGreaterThan(100);
    }
    const policy = response.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|https?:/);
  });

  it("serves Monaco's three workers, and nothing else under its assets path", async () => {
    for (const name of ['editor.worker.js', 'json.worker.js', 'graphql.worker.js']) {
      expect((await fetch(`${service.url}/graphql/graphiql/${name}`)).status, name).toBe(200);
    }
    for (const name of ['nope.js', 'constructor', '__proto__', '..%2Fpackage.json']) {
      const response = await fetch(`${service.url}/graphql/graphiql/${name}`);
      expect(response.status, name).toBe(404);
      expect(await response.json()).toMatchObject({ error: 404 });
    }
  });

  it('has no GraphiQL files in production', async () => {
    const production = await startTestService('sqlite', { env: { NODE_ENV: 'production' } });
    try {
      expect((await fetch(`${production.url}/graphql/graphiql/graphiql.js`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });

  it('reads the authorization key of connectionParams case-insensitively, as GraphiQL sends its headers', async () => {
    const bearer = `Bearer ${await service.token('ws-any-case')}`;
    for (const key of ['authorization', 'Authorization', 'AUTHORIZATION']) {
      expect(await meOverWebSocket(service, { [key]: bearer }), key).toBe('ws-any-case');
    }
    // Two spellings carrying different credentials are ambiguous: refused like a missing token.
    const other = `Bearer ${await service.token('someone-else')}`;
    expect(await meOverWebSocket(service, { authorization: bearer, Authorization: other })).toBe('closed 4401');
    expect(await meOverWebSocket(service, { authorization: bearer, Authorization: bearer })).toBe('ws-any-case');
  });
});

describe('authorizationParam', () => {
  it('finds the credential under any spelling of the key and nothing under other keys', () => {
    expect(authorizationParam({ Authorization: 'Bearer a' })).toBe('Bearer a');
    expect(authorizationParam({ token: 'Bearer a' })).toBeUndefined();
    expect(authorizationParam(undefined)).toBeUndefined();
    expect(authorizationParam({ authorization: 'Bearer a', AUTHORIZATION: 'Bearer b' })).toBeNull();
  });
});
