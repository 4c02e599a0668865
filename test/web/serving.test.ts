import { readFileSync } from 'node:fs';
import { get as httpGet, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findWebAppBuild } from '../../src/http/web-app.js';
import { startTestService, type TestService } from '../support/test-service.js';

// The build is made by the test setup (test/global-setup.ts).
const dist = findWebAppBuild()!;
const FIRST_LOAD_BUDGET_BYTES = 60 * 1024;

describe('the service serves the built web app at /', () => {
  let service: TestService;

  beforeAll(async () => {
    expect(dist).toBeDefined();
    service = await startTestService('sqlite');
  });

  afterAll(async () => {
    await service?.close();
  });

  const get = (pathname: string, headers: Record<string, string> = {}) => fetch(`${service.url}${pathname}`, { headers });

  it('answers the page at / and /login, never cached, under a same-origin CSP, without a token', async () => {
    for (const pathname of ['/', '/login']) {
      const response = await get(pathname);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https?:/);
      const html = await response.text();
      expect(html).toContain('<div id="app">');
      expect(html).toContain('rel="manifest"');
    }
  });

  it('answers a revalidation of the page 304 without a policy of its own, so the stored page keeps its CSP', async () => {
    // Each encoding of the page has its own tag: both requests take gzip.
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    // node:http, since fetch adds Cache-Control: no-cache to a conditional request (the Fetch standard).
    const again = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${service.url}/`, { headers: { 'if-none-match': etag!, 'accept-encoding': 'gzip' } }, resolve).on('error', reject),
    );
    again.resume();
    expect(again.statusCode).toBe(304);
    expect(again.headers['content-security-policy']).toBeUndefined();
  });

  it('serves hashed assets for a year, the service worker and manifest revalidated', async () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await get(script);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    // The worker's own CSP governs its fetches: this origin only.
    expect(worker.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(await worker.text()).toContain(script.slice(1)); // precached by the worker

    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const body = (await manifest.json()) as Record<string, any>;
    expect(body).toMatchObject({ name: 'Tickler', short_name: 'Tickler', start_url: '/', display: 'standalone', theme_color: expect.any(String) });
    expect(body.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(body.share_target).toMatchObject({ action: '/share', method: 'POST', enctype: 'multipart/form-data' });
    for (const icon of body.icons as { src: string; sizes: string }[]) {
      const image = Buffer.from(await (await get(icon.src)).arrayBuffer());
      const size = Number(icon.sizes.split('x')[0]);
      expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([size, size]);
    }
  });

  it('sends the build’s brotli or gzip copy to a browser that takes it, the same bytes once decoded', async () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const plain = readFileSync(path.join(dist, script));
    for (const [accept, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      // node:http, since fetch decodes the body itself.
      const answer = await new Promise<IncomingMessage>((resolve, reject) =>
        httpGet(`${service.url}${script}`, { headers: { 'accept-encoding': accept } }, resolve).on('error', reject),
      );
      const chunks: Buffer[] = [];
      for await (const chunk of answer) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(body.length).toBeLessThan(plain.length / 2);
      expect(decode(body).equals(plain)).toBe(true);
    }
    const identity = await new Promise<IncomingMessage>((resolve, reject) =>
      httpGet(`${service.url}${script}`, { headers: { 'accept-encoding': 'identity' } }, resolve).on('error', reject),
    );
    identity.resume();
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(Number(identity.headers['content-length'])).toBe(plain.length);
    // The copies are no pages of their own.
    expect((await get(`${script}.br`)).status).toBe(404);
  });

  it('leaves the API as it was: JSON 401s and 404s, GraphiQL at /graphql', async () => {
    const tasks = await get('/tasks');
    expect(tasks.status).toBe(401);
    const unknown = await get('/no-such-page');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 404 });
    const graphiql = await get('/graphql', { accept: 'text/html' });
    expect(graphiql.status).toBe(200);
    expect(await graphiql.text()).toMatch(/graphiql/i);
    expect((await fetch(`${service.url}/`, { method: 'POST' })).status).toBe(404);
  });

  it('keeps the first load (page, scripts, styles, manifest) under 60 KB gzipped', async () => {
    const html = await (await get('/')).text();
    const referenced = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!).filter((url) => !url.startsWith('/icons/'));
    expect(referenced.some((url) => url.endsWith('.js'))).toBe(true);
    let total = gzipSync(html).length;
    for (const url of referenced) total += gzipSync(Buffer.from(await (await get(url)).arrayBuffer())).length;
    console.log(`web app first load: ${(total / 1024).toFixed(1)} KB gzipped (${referenced.length + 1} files)`);
    expect(total).toBeLessThan(FIRST_LOAD_BUDGET_BYTES);
  });
});
