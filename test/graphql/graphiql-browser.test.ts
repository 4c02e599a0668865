import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, type LaunchedBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';

/** Replaces the text of the (Monaco) editor that `selector` finds. */
async function setEditor(page: Page, selector: string, text: string): Promise<void> {
  const editor = page.locator(selector).first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  // insertText, not typing: Monaco would close each bracket a second time.
  await page.keyboard.insertText(text);
}

async function responseText(page: Page): Promise<string> {
  // Monaco draws spaces as no-break spaces.
  return (await page.locator('.graphiql-response').innerText()).replaceAll('\u00a0', ' ');
}

/**
 * GraphiQL in a real browser with no way out of loopback: every request that does not go to the
 * service is refused and recorded, as on a machine without internet.
 */
describe('GraphiQL in headless Chromium', () => {
  let service: TestService;
  let browser: LaunchedBrowser;
  let page: Page;
  const foreign: string[] = [];
  const sentInits: unknown[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    service = await startTestService('sqlite');
    browser = await launch();
    const origin = new URL(service.url).origin;
    await browser.context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${origin}/`)) return route.continue();
      foreign.push(url);
      return route.abort('internetdisconnected');
    });
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
    // What the Content-Security-Policy refused (Chromium reports it on the console).
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) pageErrors.push(message.text());
    });
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; payload?: unknown };
        if (message.type === 'connection_init') sentInits.push(message.payload);
      }),
    );
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await service?.close();
  });

  it('loads offline, runs a query with the Authorization header typed into it, and a subscription that receives a REST change', async () => {
    await service.request('graphiql-user', '/tasks', jsonRequest('POST', { title: 'Buy oat milk' }));
    const bearer = `Bearer ${await service.token('graphiql-user')}`;

    await page.goto(`${service.url}/graphql`);
    await page.locator('.graphiql-query-editor .monaco-editor').first().waitFor({ timeout: 60_000 });

    await page.getByText('Headers', { exact: true }).click();
    await setEditor(page, '.graphiql-editor-tool .monaco-editor >> visible=true', JSON.stringify({ Authorization: bearer }));
    await setEditor(page, '.graphiql-query-editor .monaco-editor', '{ tasks(first: 5) { edges { node { title status } } } }');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => responseText(page), { timeout: 20_000 }).toContain('Buy oat milk');
    expect(await responseText(page)).toContain('PENDING');

    await setEditor(page, '.graphiql-query-editor .monaco-editor', 'subscription Live { taskChanged { type task { title } } }');
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect.poll(() => sentInits.length, { timeout: 20_000 }).toBeGreaterThan(0);
    expect(sentInits.at(-1)).toEqual({ Authorization: bearer });

    // The subscription is live once the server has it; until then a change may come before it: retry, bounded.
    let seen = false;
    for (let attempt = 0; attempt < 20 && !seen; attempt += 1) {
      await service.request('graphiql-user', '/tasks', jsonRequest('POST', { title: `Water the plants ${attempt}` }));
      seen = await page
        .locator('.graphiql-response', { hasText: /Water\sthe\splants/ })
        .waitFor({ timeout: 1_000 })
        .then(() => true, () => false);
    }
    expect(seen).toBe(true);
    expect(await responseText(page)).toContain('CREATED');

    expect(foreign).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
