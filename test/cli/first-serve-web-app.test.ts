import { cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { serveTickler } from '../support/cli.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const cleanups = cleanupsAfterEach();

/** What `git clone` and `npm ci` leave: the package's files and its node_modules, but no web/dist and no dist/. */
function freshCheckout(into: string, withWebSources: boolean): void {
  for (const entry of ['package.json', 'package-lock.json', 'tsconfig.json', 'bin', 'src', 'packages', 'prisma', 'scripts']) {
    cpSync(path.join(ROOT, entry), path.join(into, entry), { recursive: true });
  }
  if (withWebSources) {
    mkdirSync(path.join(into, 'web'), { recursive: true });
    for (const entry of ['index.html', 'vite.config.ts', 'tsconfig.json', 'tsconfig.sw.json', 'src', 'public']) {
      cpSync(path.join(ROOT, 'web', entry), path.join(into, 'web', entry), { recursive: true });
    }
  }
  symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(into, 'node_modules'));
}

describe('`tickler serve` from a checkout whose web app is not built', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'tickler-checkout-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('builds the web app on its first start, as npm start does, and serves it at /', { timeout: 240_000 }, async () => {
    const checkout = path.join(root, 'with-sources');
    mkdirSync(checkout);
    freshCheckout(checkout, true);
    expect(existsSync(path.join(checkout, 'web', 'dist'))).toBe(false);
    const bin = path.join(checkout, 'bin', 'tickler.js');
    const service = await serveTickler({ DATA_DIR: path.join(root, 'data-1') }, 180_000, [], bin);
    cleanups.push(() => service.stop('SIGKILL').then(() => undefined));
    const messages = service.output().split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { msg: string }).msg);
    const building = messages.indexOf('the web app is not built: building it now, once (web/ into web/dist, as npm start does)');
    expect(building).toBeGreaterThanOrEqual(0);
    expect(messages.indexOf('web app built')).toBeGreaterThan(building);
    expect(existsSync(path.join(checkout, 'web', 'dist', 'index.html'))).toBe(true);
    const page = await fetch(`${service.url}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="app">');
    expect(await service.stop()).toBe(0);

    // Built once: the next start says nothing about it.
    const again = await serveTickler({ DATA_DIR: path.join(root, 'data-1') }, 120_000, [], bin);
    cleanups.push(() => again.stop('SIGKILL').then(() => undefined));
    expect(again.output()).not.toMatch(/web app/);
    expect(await again.stop()).toBe(0);
  });

  it('without the app\'s sources, says how to build it in one line and at / in a page, not a JSON 404', { timeout: 240_000 }, async () => {
    const checkout = path.join(root, 'without-sources');
    mkdirSync(checkout);
    freshCheckout(checkout, false);
    const service = await serveTickler({ DATA_DIR: path.join(root, 'data-2') }, 180_000, [], path.join(checkout, 'bin', 'tickler.js'));
    cleanups.push(() => service.stop('SIGKILL').then(() => undefined));
    const warnings = service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: string; msg: string })
      .filter((line) => /web app/.test(line.msg));
    expect(warnings).toEqual([
      {
        ...warnings[0],
        level: 'warn',
        msg: 'the web app is not built (no web/dist) and its sources are not here: / answers a page saying how to build it (npm run build:web in a checkout)',
      },
    ]);
    for (const pathname of ['/', '/login']) {
      const page = await fetch(`${service.url}${pathname}`);
      expect(page.status).toBe(404);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
      const html = await page.text();
      expect(html).toContain('<h1>Tickler is running, but its web app is not built</h1>');
      expect(html).toContain('<code>npm run build:web</code>');
      expect(html).toContain(checkout);
    }
    // The API is as it was: an unknown path is still a JSON 404.
    const unknown = await fetch(`${service.url}/no-such-page`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 404 });
    expect(await service.stop()).toBe(0);
  });
});
