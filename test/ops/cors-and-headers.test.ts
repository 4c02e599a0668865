import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MeQuery } from '../graphql/documents.js';
import { graphqlRequest, wsUrl } from '../support/graphql-client.js';
import { startTestService, type TestService } from '../support/test-service.js';

const ALLOWED = 'https://app.example';
const EVIL = 'https://evil.example';

function preflight(url: string, origin: string, method = 'POST') {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' },
  });
}

function corsHeaders(response: Response): string[] {
  return [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));
}

/** Whether a WebSocket upgrade with this Origin is accepted (open) or refused (the HTTP status). */
function upgradeWith(service: TestService, origin: string | undefined): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(service), 'graphql-transport-ws', origin ? { headers: { origin } } : {});
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', (error) => reject(error));
  });
}

describe('CORS with CORS_ORIGINS set', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite', { env: { CORS_ORIGINS: `${ALLOWED},http://localhost:5173`, TRUST_PROXY: 'true' } });
  });
  afterAll(async () => service?.close());

  it.each(['/tasks', '/tasks/:id', '/graphql'])('answers a preflight for %s from a listed origin with 204 and that origin only', async (path) => {
    const response = await preflight(`${service.url}${path.replace(':id', '7')}`, ALLOWED, 'DELETE');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bDELETE\b/);
    expect(response.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/\bAuthorization\b/);
    expect(response.headers.get('access-control-allow-headers')).toMatch(/\bContent-Type\b/);
    expect(response.headers.get('access-control-max-age')).toBe('600');
    // Bearer tokens, not cookies: no credentials mode, and never a wildcard.
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('adds the origin and Vary: Origin to REST and GraphQL answers for a listed origin', async () => {
    const rest = await service.request('cors-user', '/tasks', { headers: { origin: ALLOWED } });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(rest.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(rest.headers.get('access-control-expose-headers')).toMatch(/RateLimit-Remaining/);
    const graphql = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { origin: 'http://localhost:5173', 'content-type': 'application/json', authorization: `Bearer ${await service.token('cors-user')}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(graphql.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(graphql.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives an origin that is not listed no CORS header at all, on REST and GraphQL', async () => {
    for (const path of ['/tasks', '/graphql']) {
      const refused = await preflight(`${service.url}${path}`, EVIL);
      expect(refused.status).not.toBe(204);
      expect(corsHeaders(refused)).toEqual([]);
    }
    const rest = await service.request('cors-user', '/tasks', { headers: { origin: EVIL } });
    expect(rest.status).toBe(200);
    expect(corsHeaders(rest)).toEqual([]);
    const graphql = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json', authorization: `Bearer ${await service.token('cors-user')}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(corsHeaders(graphql)).toEqual([]);
  });

  it('keeps OPTIONS on an unknown path a 404', async () => {
    const response = await preflight(`${service.url}/no-such-thing`, ALLOWED);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 404, message: 'No route OPTIONS /no-such-thing' });
  });

  it('accepts WebSocket upgrades from no origin, its own origin and listed origins, and refuses others with 403', async () => {
    expect(await upgradeWith(service, undefined)).toBe('open');
    expect(await upgradeWith(service, ALLOWED)).toBe('open');
    expect(await upgradeWith(service, service.url)).toBe('open');
    expect(await upgradeWith(service, EVIL)).toBe(403);
  });

  it('sends HSTS only when the request came over https through a trusted proxy', async () => {
    const plain = await fetch(`${service.url}/healthz`);
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const proxied = await fetch(`${service.url}/healthz`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.5' } });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('CORS with CORS_ORIGINS unset, and security headers', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService('sqlite');
  });
  afterAll(async () => service?.close());

  it('allows no cross-origin access: no CORS headers on preflights or answers, and GraphQL no longer echoes the Origin', async () => {
    const rest = await preflight(`${service.url}/tasks`, ALLOWED);
    expect(rest.status).toBe(405);
    expect(corsHeaders(rest)).toEqual([]);
    const graphqlPreflight = await preflight(`${service.url}/graphql`, EVIL);
    expect(corsHeaders(graphqlPreflight)).toEqual([]);
    const graphql = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json', authorization: `Bearer ${await service.token('h-user')}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(corsHeaders(graphql)).toEqual([]);
    expect(await upgradeWith(service, EVIL)).toBe(403);
  });

  it('puts the security headers on every answer: JSON, errors, GraphQL', async () => {
    const answers = [
      await service.request('h-user', '/tasks'),
      await fetch(`${service.url}/tasks`),
      await fetch(`${service.url}/nope`),
      (await graphqlRequest(service, 'h-user', MeQuery)) as unknown as { headers: Headers },
    ];
    for (const answer of answers) {
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('no-referrer');
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(answer.headers.get('cache-control')).toBe('no-store');
      // Plain http, no trusted proxy: no HSTS.
      expect(answer.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('does not believe X-Forwarded-Proto from an untrusted client', async () => {
    const response = await fetch(`${service.url}/healthz`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('keeps a cache policy a route sets itself', async () => {
    const keys = await fetch(`${service.url}/.well-known/jwks.json`);
    expect(keys.headers.get('cache-control')).toBe('public, max-age=300');
  });

  it("serves GraphiQL's HTML under a strict policy that allows only this origin, and no inline script", async () => {
    const response = await fetch(`${service.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    const html = await response.text();
    const policy = response.headers.get('content-security-policy')!;
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['worker-src']).toEqual(["'self'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!);
    expect(inline).toEqual([]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
  });
});
