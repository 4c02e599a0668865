import type { FastifyInstance } from 'fastify';
import { WEB_APP_PAGE_PATHS } from './web-app.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The page a person opening the service sees when web/dist is missing, saying how to build it. */
export function webAppMissingPage(packageRoot: string | undefined): string {
  const where = packageRoot ? ` in <code>${escapeHtml(packageRoot)}</code>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tickler: the web app is not built</title>
</head>
<body>
<main>
<h1>Tickler is running, but its web app is not built</h1>
<p>Build it${where} with <code>npm run build:web</code>, then restart <code>tickler serve</code>.
<code>npm start</code> builds it before it starts, and so does <code>tickler serve</code> from a checkout
that has the app's sources (<code>web/src</code>) and its dev dependencies.</p>
<p>The API answers as usual: <a href="/openapi.json">/openapi.json</a>, GraphQL at <a href="/graphql">/graphql</a>.</p>
</main>
</body>
</html>
`;
}

/**
 * Without web/dist, the app's pages (`/`, `/login`) answer a small HTML page saying how to build it,
 * instead of a JSON 404 a person would not know what to do with. Still a 404: the app is not there.
 */
export async function registerWebAppMissing(app: FastifyInstance, packageRoot: string | undefined): Promise<void> {
  const page = webAppMissingPage(packageRoot);
  await app.register(async (scope) => {
    for (const url of ['/', ...WEB_APP_PAGE_PATHS]) {
      scope.get(url, { config: { public: true, rateLimit: false }, schema: { hide: true } }, (_request, reply) =>
        reply.code(404).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page),
      );
    }
  });
}
