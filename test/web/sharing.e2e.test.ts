import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { systemClock } from '../../src/clock.js';
import { launchBrowser, PHONE_VIEWPORT, type TestBrowser } from '../support/browser.js';
import { graphqlRequest } from '../support/graphql-client.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, restTasks, screenshot, signInByLink } from '../support/web-app.js';

// Two people sharing a list, each in their own browser context, as they would on two phones.
let browser: TestBrowser;
let service: TestService;

/** Another member's change reaches the other person's screen this fast (the bar). */
const LIVE_MS = 2_000;

beforeAll(async () => {
  [browser, service] = await Promise.all([launchBrowser(), startTestService('sqlite')]);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function person(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin', locale: 'en-US' });
  return { page: await context.newPage(), close: () => context.close() };
}

async function openList(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Lists' }).click();
  await page.getByRole('region', { name: 'Lists' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

describe('a list shared by two people', () => {
  it('invites from the share sheet, joins from the link after signing in, and each sees the other\'s changes live', async () => {
    const rosa = await person();
    const theo = await person();
    try {
      await service.request('rosa', '/me', jsonRequest('PATCH', { displayName: 'Rosa' }));
      await service.request('theo', '/me', jsonRequest('PATCH', { displayName: 'Theo' }));
      expect((await service.request('rosa', '/lists', jsonRequest('POST', { name: 'Groceries', color: '#2e8b57' }))).status).toBe(201);

      await signInByLink(rosa.page, service, 'rosa');
      await openList(rosa.page, 'Groceries');
      await rosa.page.getByRole('button', { name: 'Share list' }).click();
      const sheet = rosa.page.getByRole('dialog', { name: 'Share “Groceries”' });
      await sheet.getByRole('list', { name: 'Members' }).getByText('Rosa (you)').waitFor();
      await sheet.getByRole('button', { name: 'Invite as editor' }).click();
      const shown = new URL(await sheet.getByLabel(/^Invitation link/).inputValue());
      expect(`${shown.pathname}${shown.hash}`).toMatch(/^\/join#[A-Za-z0-9_-]{40,}$/);
      // The link is made from PUBLIC_URL, which the test service leaves at port 0: the same path here.
      const link = `${service.url}${shown.pathname}${shown.hash}`;
      await expectAccessible(rosa.page, 'share-sheet');
      await screenshot(rosa.page, 'share-sheet');

      // Theo opens the link signed out: he signs in first and comes back to it.
      await theo.page.goto(link);
      await theo.page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(new URL(theo.page.url()).hash).toBe('');
      const code = await createLoginCode({ db: service.database.db, clock: systemClock, userId: 'theo' });
      await theo.page.goto(`${service.url}/login#code=${code}`);
      await theo.page.getByRole('heading', { name: 'Join “Groceries”' }).waitFor();
      await theo.page.getByText('Rosa invited you to add to and change the list “Groceries”.').waitFor();
      await expectAccessible(theo.page, 'join-screen');
      await screenshot(theo.page, 'join-screen');
      await theo.page.getByRole('button', { name: 'Join' }).click();
      await theo.page.getByRole('heading', { name: 'Groceries', exact: true }).waitFor();
      // Rosa's open sheet hears of it (listChanged) and shows him.
      await sheet.getByRole('list', { name: 'Members' }).getByText('Theo').waitFor({ timeout: LIVE_MS });
      await sheet.getByRole('button', { name: 'Close' }).click();

      // Theo adds milk to the list; Rosa sees it appear, and who did it, within 2 s.
      await theo.page.getByRole('button', { name: 'Tickler' }).click();
      await theo.page.getByLabel('New task', { exact: true }).fill('milk');
      await theo.page.getByRole('button', { name: 'Add' }).click();
      await theo.page.getByLabel('List', { exact: true }).selectOption({ label: 'Groceries' });
      await theo.page.getByRole('button', { name: 'Save' }).click();
      await rosa.page.getByRole('checkbox', { name: 'Complete Milk' }).waitFor({ timeout: LIVE_MS });
      await rosa.page.getByRole('status').filter({ hasText: 'Theo added “Milk”' }).waitFor({ timeout: LIVE_MS });
      await screenshot(rosa.page, 'list-shared-live');

      // Rosa completes it; on Theo's phone it is gone within 2 s, with who did it.
      await theo.page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Complete Milk' }).waitFor();
      await rosa.page.getByRole('checkbox', { name: 'Complete Milk' }).click();
      await theo.page.getByRole('checkbox', { name: 'Complete Milk' }).waitFor({ state: 'detached', timeout: LIVE_MS });
      await theo.page.getByRole('status').filter({ hasText: 'Rosa completed “Milk”' }).waitFor({ timeout: LIVE_MS });
      const milk = (await restTasks(service, 'rosa')).find((task) => task.title === 'Milk');
      expect(milk?.status).toBe('completed');

      // Theo leaves: the list is gone from his Lists.
      await openList(theo.page, 'Groceries');
      await theo.page.getByRole('button', { name: 'Leave list' }).click();
      await theo.page.getByRole('region', { name: 'Lists' }).waitFor();
      expect(await theo.page.getByRole('region', { name: 'Lists' }).getByRole('button', { name: /^Groceries/ }).count()).toBe(0);
    } finally {
      await rosa.close();
      await theo.close();
    }
  });

  it('gives a viewer no edit controls: no checkbox, no snooze, no share, a task shown read-only', async () => {
    const viewer = await person();
    try {
      const made = (await (await service.request('owen', '/lists', jsonRequest('POST', { name: 'Plans' }))).json()) as { id: number };
      expect((await service.request('owen', '/tasks', jsonRequest('POST', { title: 'Book the flights', listId: made.id }))).status).toBe(201);
      const invitation = (await (await service.request('owen', `/lists/${made.id}/invitations`, jsonRequest('POST', { role: 'viewer' }))).json()) as { url: string };
      const joined = await graphqlRequest(service, 'vivi', 'mutation($t: String!) { acceptInvitation(token: $t) { role } }', { t: invitation.url.split('#')[1] });
      expect((joined.body.data as any).acceptInvitation.role).toBe('VIEWER');

      await signInByLink(viewer.page, service, 'vivi');
      const row = viewer.page.getByRole('listitem').filter({ hasText: 'Book the flights' });
      await row.waitFor();
      expect(await row.getByRole('checkbox').count()).toBe(0);
      expect(await row.getByRole('button', { name: /^Snooze/ }).count()).toBe(0);
      await openList(viewer.page, 'Plans');
      expect(await viewer.page.getByRole('button', { name: 'Share list' }).count()).toBe(0);
      expect(await viewer.page.getByRole('button', { name: 'Rename list' }).count()).toBe(0);
      await viewer.page.getByRole('button', { name: /^Book the flights/ }).click();
      await viewer.page.getByRole('heading', { name: 'Task', exact: true }).waitFor();
      expect(await viewer.page.getByLabel('Title', { exact: true }).isDisabled()).toBe(true);
      expect(await viewer.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
      expect(await viewer.page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
      await expectAccessible(viewer.page, 'viewer-task');
    } finally {
      await viewer.close();
    }
  });
});
