import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findWebAppBuild, packageRoot } from '../http/web-app.js';
import type { Logger } from '../logger.js';

interface WebBuildScript {
  ensureWebBuild(log: (line: string) => void, options: { quiet: boolean }): 'built' | 'current' | 'kept';
}

/**
 * `tickler serve` right after `npm ci` (no `npm start`, whose prestart builds the app): builds web/dist
 * once, as `npm start` would, so `/` serves the app. Only when web/dist is missing and the app's sources
 * are here (a checkout); a compiled or container install, which ships web/dist, pays one file check.
 * Where it cannot be built, one line says so and `/` answers a page saying how (web-app-missing.ts).
 */
export async function prepareWebApp(createLogger: () => Logger): Promise<void> {
  if (findWebAppBuild()) return;
  const log = createLogger();
  const root = packageRoot();
  const script = root && path.join(root, 'scripts', 'ensure-web-build.mjs');
  if (!root || !script || !existsSync(path.join(root, 'web', 'src')) || !existsSync(script)) {
    log.warn('the web app is not built (no web/dist) and its sources are not here: / answers a page saying how to build it (npm run build:web in a checkout)');
    return;
  }
  log.info('the web app is not built: building it now, once (web/ into web/dist, as npm start does)');
  try {
    const { ensureWebBuild } = (await import(pathToFileURL(script).href)) as WebBuildScript;
    ensureWebBuild(() => undefined, { quiet: true });
    log.info('web app built');
  } catch (error) {
    log.warn({ err: error }, 'the web app could not be built: / answers a page saying how (npm ci, then npm run build:web)');
  }
}
