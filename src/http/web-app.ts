import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Content-hashed files (Vite's `assets/`) never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The page, the service worker and the manifest: always asked again, so a new build is seen at once. */
const REVALIDATE = 'no-cache';
const ICONS = 'public, max-age=86400';

/** Paths of the app that all answer its page (the app routes itself in the browser). */
export const WEB_APP_PAGE_PATHS = ['/login', '/join'];

/** The package's root: the nearest folder upwards from this module with the package.json of tickler. */
export function packageRoot(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let directory = path.dirname(from);
  for (;;) {
    const manifest = path.join(directory, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'tickler') return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/** web/dist of this package when it has been built (`npm run build:web`), else undefined. */
export function findWebAppBuild(): string | undefined {
  const root = packageRoot();
  const dist = root && path.join(root, 'web', 'dist');
  return dist && existsSync(path.join(dist, 'index.html')) ? dist : undefined;
}

function cacheControlFor(file: string): string {
  const relative = file.split(path.sep).join('/');
  if (relative.includes('/assets/')) return IMMUTABLE;
  if (relative.includes('/icons/')) return ICONS;
  return REVALIDATE;
}

/**
 * Serves the built web app at `/` (same origin as the API, so no CORS and the page's CSP holds): one
 * route per built file, registered at start, so every API route keeps its own answer and unknown
 * paths stay JSON 404s. No token is needed for the app's files (they hold no data).
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRoute', (route) => {
      const worker = route.url === '/sw.js';
      route.config = { ...route.config, public: true, rateLimit: false, ...(worker ? { workerPolicy: true } : {}) };
    });
    await scope.register(fastifyStatic, {
      root,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      cacheControl: false,
      // The build writes brotli and gzip copies of its text files (web/vite.config.ts): sent to the
      // browsers that take them, with Vary: Accept-Encoding. They get no routes of their own.
      preCompressed: true,
      globIgnore: ['**/*.br', '**/*.gz'],
      schemaHide: true,
      setHeaders: (res, file) => {
        res.setHeader('cache-control', cacheControlFor(file));
        res.setHeader('vary', 'accept-encoding');
      },
    });
    for (const url of WEB_APP_PAGE_PATHS) {
      scope.get(url, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', REVALIDATE).sendFile('index.html', root, { cacheControl: false }),
      );
    }
  });
}
