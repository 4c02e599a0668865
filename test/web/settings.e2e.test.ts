import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, restTasks, screenshot, signInByLink } from '../support/web-app.js';

// Every section of Settings, end to end against the real service, on a phone (390×844).
const TIME_ZONE = 'Europe/Berlin';

let browser: TestBrowser;
let service: TestService;
let downloads: string;

beforeAll(async () => {
  [browser, service] = await Promise.all([launchBrowser(), startTestService('sqlite')]);
  downloads = mkdtempSync(path.join(tmpdir(), 'tickler-downloads-'));
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  rmSync(downloads, { recursive: true, force: true });
});

async function phone(options: { permissions?: string[]; colorScheme?: 'light' | 'dark' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US', acceptDownloads: true, ...options });
  return { context, page: await context.newPage() };
}

async function openSettings(page: Page, user: string): Promise<void> {
  await signInByLink(page, service, user);
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('region', { name: 'Profile' }).waitFor();
}

async function createTask(user: string, body: Record<string, unknown>): Promise<void> {
  expect((await service.request(user, '/tasks', jsonRequest('POST', body))).status).toBe(201);
}

async function zoneOf(user: string): Promise<string | undefined> {
  return (await service.database.db.user.findUnique({ where: { id: user } }))?.timeZone;
}

describe('Settings', () => {
  it('profile: sets the time zone (kept across a restart of the app) and goes back to following the device', async () => {
    const { context, page } = await phone();
    try {
      await openSettings(page, 'zoe');
      await expect.poll(() => zoneOf('zoe')).toBe(TIME_ZONE);
      const profile = page.getByRole('region', { name: 'Profile' });
      const zone = profile.getByLabel('Time zone');
      expect(await zone.inputValue()).toBe('');
      await zone.selectOption('America/New_York');
      await profile.getByText('Time zone: America/New_York.').waitFor();
      expect(await zoneOf('zoe')).toBe('America/New_York');
      // The app sets the zone on every start: a chosen zone stays chosen.
      await page.reload();
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await zoneOf('zoe')).toBe('America/New_York');
      await page.getByRole('button', { name: 'Settings' }).click();
      expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');
      await page.getByLabel('Time zone').selectOption('');
      await expect.poll(() => zoneOf('zoe')).toBe(TIME_ZONE);
      await expectAccessible(page, 'settings-profile');
      await screenshot(page, 'settings-phone');
    } finally {
      await context.close();
    }
  });

  it('profile: sets the display name the people sharing lists see (an empty one is refused in words)', async () => {
    const { context, page } = await phone();
    try {
      await openSettings(page, 'zara');
      const profile = page.getByRole('region', { name: 'Profile' });
      const name = profile.getByLabel('Display name');
      expect(await name.inputValue()).toBe('zara');
      await name.fill('   ');
      await profile.getByRole('button', { name: 'Save name' }).click();
      await profile.getByRole('alert').filter({ hasText: 'A display name is 1 to 100 characters.' }).waitFor();
      await name.fill('  Zara K.  ');
      await profile.getByRole('button', { name: 'Save name' }).click();
      await profile.getByText('Display name saved.').waitFor();
      const me = (await (await service.request('zara', '/me')).json()) as { displayName: string };
      expect(me.displayName).toBe('Zara K.');
    } finally {
      await context.close();
    }
  });

  it('calendar feed: makes an address that a calendar reads, copies it, rotates it and turns it off', async () => {
    const { context, page } = await phone({ permissions: ['clipboard-read', 'clipboard-write'] });
    try {
      await createTask('yann', { title: 'Dentist', dueAt: new Date(Date.now() + 86_400_000).toISOString(), remindBefore: 30 });
      await openSettings(page, 'yann');
      const feed = page.getByRole('region', { name: 'Calendar feed' });
      await feed.getByRole('button', { name: 'Make a feed address' }).click();
      const address = feed.getByLabel('Feed address');
      await address.waitFor();
      const url = await address.inputValue();
      expect(url).toMatch(/\/calendar\/[^/]+\.ics$/);

      const answer = await fetch(url.replace(/^https?:\/\/[^/]+/, service.url));
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^text\/calendar/);
      const calendar = new ICAL.Component(ICAL.parse(await answer.text()));
      const events = calendar.getAllSubcomponents('vevent');
      expect(events.map((event) => event.getFirstPropertyValue('summary'))).toEqual(['Dentist']);

      await feed.getByRole('button', { name: 'Copy' }).click();
      await feed.getByText('Address copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

      await feed.getByRole('button', { name: 'New address' }).click();
      await feed.getByText(/^New address made: the old one no longer works/).waitFor();
      const rotated = await address.inputValue();
      expect(rotated).not.toBe(url);
      expect((await fetch(url.replace(/^https?:\/\/[^/]+/, service.url))).status).toBe(404);
      expect((await fetch(rotated.replace(/^https?:\/\/[^/]+/, service.url))).status).toBe(200);

      await feed.getByRole('button', { name: 'Turn off' }).click();
      await feed.getByText('The calendar feed is off: its address no longer works.').waitFor();
      expect((await fetch(rotated.replace(/^https?:\/\/[^/]+/, service.url))).status).toBe(404);
      await expectAccessible(page, 'settings-feed');
    } finally {
      await context.close();
    }
  });

  it('your data: exports a JSON file that a fresh account imports, showing what was created and skipped', async () => {
    await createTask('xena', { title: 'Renew the passport', dueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(), remindBefore: 60 });
    await createTask('xena', { title: 'Buy stamps' });
    const { context, page } = await phone();
    let file: string;
    try {
      await openSettings(page, 'xena');
      const data = page.getByRole('region', { name: 'Your data' });
      const [download] = await Promise.all([page.waitForEvent('download'), data.getByRole('button', { name: 'Export my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^tickler-xena-\d{4}-\d{2}-\d{2}\.json$/);
      file = path.join(downloads, download.suggestedFilename());
      await download.saveAs(file);
      const document = JSON.parse(readFileSync(file, 'utf8')) as { format: string; tasks: { title: string }[] };
      expect(document.format).toBe('tickler.export/1');
      expect(document.tasks.map((task) => task.title).sort()).toEqual(['Buy stamps', 'Renew the passport']);
      await data.getByText(/^Downloaded tickler-xena-/).waitFor();
    } finally {
      await context.close();
    }

    const fresh = await phone();
    try {
      await openSettings(fresh.page, 'walt');
      const data = fresh.page.getByRole('region', { name: 'Your data' });
      await data.getByLabel('Import').setInputFiles(file);
      const counts = data.getByRole('definition');
      await data.getByText(/^Imported tickler-xena-/).waitFor();
      expect(await counts.first().textContent()).toBe('2 tasks');
      expect((await restTasks(service, 'walt')).map((task) => task.title).sort()).toEqual(['Buy stamps', 'Renew the passport']);
      await expectAccessible(fresh.page, 'settings-import');
      await screenshot(fresh.page, 'settings-import');

      // The same file again creates nothing twice.
      await data.getByLabel('Import').setInputFiles(file);
      await expect.poll(async () => data.getByRole('definition').nth(1).textContent()).toBe('2 tasks you already had');
      expect(await restTasks(service, 'walt')).toHaveLength(2);

      // Back in the queue, the imported tasks are there.
      await fresh.page.getByRole('button', { name: 'Back' }).click();
      await fresh.page.getByRole('checkbox', { name: 'Complete Buy stamps' }).waitFor();
    } finally {
      await fresh.context.close();
    }
  });

  it('sessions: lists this browser and another device, and signs the other one out, which then says so', async () => {
    const laptop = await phone({ colorScheme: 'dark' });
    const mobile = await phone();
    try {
      await signInByLink(mobile.page, service, 'vera');
      await openSettings(laptop.page, 'vera');
      const sessions = laptop.page.getByRole('region', { name: 'Sessions' });
      expect(await sessions.getByRole('listitem').count()).toBe(2);
      expect(await sessions.getByText('this browser').count()).toBe(1);
      await sessions.getByRole('button', { name: /^Sign out Chrome on Linux, last used / }).click();
      await sessions.getByText(/^Chrome on Linux is signed out\.$/).waitFor();
      expect(await sessions.getByRole('listitem').count()).toBe(1);
      await mobile.page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
      await mobile.page.getByText('You were signed out on another device.').waitFor();
      // This browser is still signed in.
      expect(await laptop.page.getByRole('region', { name: 'Sessions' }).isVisible()).toBe(true);
      await expectAccessible(laptop.page, 'settings-sessions');

      await sessions.getByRole('button', { name: 'Sign out', exact: true }).click();
      await laptop.page.getByRole('heading', { name: 'Sign in' }).waitFor();
      // Signing out here says nothing about another device.
      expect(await laptop.page.getByText('You were signed out on another device.').count()).toBe(0);
    } finally {
      await laptop.context.close();
      await mobile.context.close();
    }
  });

  it('delete my account: asks for the user name, then deletes everything and says so (dark theme)', async () => {
    await createTask('ugo', { title: 'Water the plants' });
    const { context, page } = await phone({ colorScheme: 'dark' });
    try {
      await openSettings(page, 'ugo');
      const danger = page.getByRole('region', { name: 'Delete my account' });
      await danger.getByRole('button', { name: 'Delete my account…' }).click();
      const confirm = danger.getByRole('button', { name: 'Delete my account', exact: true });
      const name = danger.getByLabel(/^Type your user name, ugo, to confirm/);
      await name.fill('ug');
      expect(await confirm.isDisabled()).toBe(true);
      await name.fill('ugo');
      await expectAccessible(page, 'settings-delete');
      await screenshot(page, 'settings-delete');
      await confirm.click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.getByText('Your account and everything in it were deleted.').waitFor();
      expect(await service.database.db.task.count({ where: { userId: 'ugo' } })).toBe(0);
    } finally {
      await context.close();
    }
  });
});
