/// <reference lib="webworker" />
// The service worker: the app shell offline, and the share target. Other features (push) add their
// listeners to this file. Built by vite-plugin-pwa (injectManifest), which fills in __WB_MANIFEST.

import { listenForPush } from './sw-push.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: { url: string; revision: string | null }[] };

listenForPush();

const SHELL_CACHE = 'tickler-shell-v1';
/** Must match web/src/share.ts. */
const SHARE_CACHE = 'tickler-share';
const SHARE_KEY = '/share-pending';

const shell = self.__WB_MANIFEST.map((entry) => new URL(entry.url, self.location.origin).pathname);
const shellUrls = new Set(['/', ...shell]);
const INDEX = '/index.html';

/**
 * A response as the cache keeps it. Its body is stored decoded, so the wire's encoding headers must not
 * come along (the service sends brotli or gzip copies): the copy served from the cache would say
 * `Content-Encoding: br` and the compressed length over a body that is neither.
 */
async function storable(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete('content-encoding');
  headers.delete('content-length');
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // index.html is fetched fresh (no-cache), hashed assets never change.
      await Promise.all(
        [...new Set([INDEX, ...shell])].map(async (url) => {
          const response = await fetch(new Request(url, { cache: 'reload' }));
          if (!response.ok) throw new Error(`precaching ${url} answered ${response.status}`);
          await cache.put(url, await storable(response));
        }),
      );
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Forget files of older builds.
      for (const request of await cache.keys()) {
        const path = new URL(request.url).pathname;
        if (path !== INDEX && !shellUrls.has(path)) await cache.delete(request);
      }
      await self.clients.claim();
    })(),
  );
});

async function fromNetworkElseShell(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.ok && new URL(request.url).pathname === '/') {
      const cache = await caches.open(SHELL_CACHE);
      await cache.put(INDEX, await storable(response.clone()));
    }
    return response;
  } catch {
    const cached = await caches.match(INDEX, { cacheName: SHELL_CACHE });
    return cached ?? Response.error();
  }
}

async function fromCacheElseNetwork(request: Request): Promise<Response> {
  const cached = await caches.match(request, { cacheName: SHELL_CACHE });
  return cached ?? fetch(request);
}

/** The share target (manifest `share_target`): keep the form for the page, which sends it to /capture. */
async function receiveShare(request: Request): Promise<Response> {
  const form = await request.formData();
  const cache = await caches.open(SHARE_CACHE);
  await cache.put(SHARE_KEY, new Response(form));
  return Response.redirect('/?shared=1', 303);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/share') {
    event.respondWith(receiveShare(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate' && (url.pathname === '/' || url.pathname === '/login')) {
    event.respondWith(fromNetworkElseShell(request));
    return;
  }
  if (shellUrls.has(url.pathname) && url.pathname !== '/') event.respondWith(fromCacheElseNetwork(request));
});
