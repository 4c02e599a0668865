import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GRAPHIQL_BOOT_SCRIPT, GRAPHIQL_WORKERS_SCRIPT } from './graphiql-boot-script.js';

/** GraphiQL's files live under the endpoint, so nothing outside /graphql needs GraphiQL's allowances. */
export const GRAPHIQL_ASSETS_PATH = '/graphql/graphiql';

interface Asset {
  type: string;
  body: () => Promise<string>;
}

// GraphiQL's bundle (9 MB of JavaScript) is read on the first request for it, never in production.
const bundle = () => import('@graphql-yoga/render-graphiql/graphiql');
const graphqlWsUmd = async () => {
  const entry = createRequire(import.meta.url).resolve('graphql-ws');
  return readFile(path.join(path.dirname(entry), '..', 'umd', 'graphql-ws.min.js'), 'utf8');
};

const JS = 'text/javascript; charset=utf-8';
const ASSETS: Record<string, Asset> = {
  'workers.js': { type: JS, body: async () => GRAPHIQL_WORKERS_SCRIPT },
  'graphiql.js': { type: JS, body: async () => (await bundle()).js },
  'graphiql.css': { type: 'text/css; charset=utf-8', body: async () => (await bundle()).css },
  'graphql-ws.js': { type: JS, body: graphqlWsUmd },
  'boot.js': { type: JS, body: async () => GRAPHIQL_BOOT_SCRIPT },
  'editor.worker.js': { type: JS, body: async () => (await bundle()).editorWorkerService },
  'json.worker.js': { type: JS, body: async () => (await bundle()).jsonWorker },
  'graphql.worker.js': { type: JS, body: async () => (await bundle()).graphqlWorker },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * GraphiQL's page: no inline script and nothing from another origin, so it works offline and under
 * `script-src 'self'`. Its options travel in a data attribute that the boot script reads.
 */
export function renderGraphiqlPage(options: { title: string; endpoint: string }): string {
  const asset = (name: string) => `${GRAPHIQL_ASSETS_PATH}/${name}`;
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<title>${escapeHtml(options.title)}</title>`,
    `<link rel="stylesheet" href="${asset('graphiql.css')}">`,
    '</head>',
    '<body class="no-focus-outline">',
    '<noscript>GraphiQL needs JavaScript.</noscript>',
    `<div id="root" data-options="${escapeHtml(JSON.stringify(options))}"></div>`,
    `<script src="${asset('workers.js')}"></script>`,
    `<script src="${asset('graphql-ws.js')}"></script>`,
    `<script src="${asset('graphiql.js')}"></script>`,
    `<script src="${asset('boot.js')}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Serves GraphiQL's files from the service itself (from its npm packages), without a token. */
export async function registerGraphiqlAssets(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(
    `${GRAPHIQL_ASSETS_PATH}/:name`,
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      const asset = Object.hasOwn(ASSETS, request.params.name) ? ASSETS[request.params.name] : undefined;
      if (!asset) return reply.callNotFound();
      // The files change only with the installed packages, that is with a new release of the service.
      return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(await asset.body());
    },
  );
}
