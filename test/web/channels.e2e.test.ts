import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createSmtpServer, waitFor, type SmtpServer } from '../email/support/smtp-server.js';
import { linkIn, mailsTo } from '../email/support/mail-helpers.js';
import { launchBrowser, PHONE_VIEWPORT, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { davRequest } from '../caldav/support/dav-client.js';
import { expectAccessible, screenshot, signInByLink } from '../support/web-app.js';

// Settings for the roads a reminder takes (email, digest, deliveries) and for calendar apps (CalDAV).
let browser: TestBrowser;
let service: TestService;
let smtp: SmtpServer;

beforeAll(async () => {
  smtp = await createSmtpServer();
  await smtp.start();
  [browser, service] = await Promise.all([
    launchBrowser(),
    startTestService('sqlite', { env: { SMTP_URL: smtp.url, MAIL_FROM: 'Tickler <reminders@tickler.example>', REMINDER_SWEEP_INTERVAL: '200ms' } }),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
  await smtp?.close();
});

async function settings(user: string, permissions: string[] = []): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, timezoneId: 'Europe/Berlin', locale: 'en-US', permissions });
  const page = await context.newPage();
  await signInByLink(page, service, user);
  await page.getByRole('button', { name: 'Settings' }).click();
  return { page, close: () => context.close() };
}

describe('Settings: channels and calendar apps', () => {
  it('sets an address (confirmed from its mail), turns on email reminders and the digest, and lists a mailed reminder among the deliveries', async () => {
    const { page, close } = await settings('mara');
    try {
      const channels = page.getByRole('region', { name: 'Channels' });
      await channels.getByLabel('Email address').fill('mara@example.test');
      await channels.getByRole('button', { name: 'Save address' }).click();
      await channels.getByText('A confirmation link went to mara@example.test. Open it to get reminders there.').waitFor();
      expect(await channels.getByRole('checkbox', { name: 'Email reminders too' }).isDisabled()).toBe(true);
      const [mail] = await waitFor(async () => {
        const found = await mailsTo(smtp, 'mara@example.test', 'Confirm your email address for Tickler');
        return found.length > 0 && found;
      }, 'the confirmation mail');
      // The link in the mail, opened in the browser: GET asks, the button confirms.
      const confirmPage = await page.context().newPage();
      await confirmPage.goto(linkIn(mail!, 'confirm', service));
      await confirmPage.getByRole('button', { name: 'Confirm' }).click();
      await confirmPage.close();

      await page.reload();
      await page.getByRole('button', { name: 'Settings' }).click();
      await channels.getByText('Confirmed.').waitFor();
      await channels.getByRole('checkbox', { name: 'Email reminders too' }).check();
      await channels.getByText('Reminders are mailed too.').waitFor();
      await channels.getByRole('checkbox', { name: 'Daily digest of the day’s tasks' }).check();
      await channels.getByText('The daily digest is on.').waitFor();
      await channels.getByLabel('Digest hour').selectOption('8');
      await channels.getByText('Digest hour saved.').waitFor();
      const saved = (await (await service.request('mara', '/me/notifications')).json()) as unknown;
      expect(saved).toEqual({ push: true, email: true, digest: { enabled: true, hour: 8 } });

      // A reminder due now goes out by mail, and shows among the deliveries.
      const dueAt = new Date(Date.now() + 4_000).toISOString();
      expect((await service.request('mara', '/tasks', jsonRequest('POST', { title: 'Call the bank', dueAt, remindBefore: 0 }))).status).toBe(201);
      await waitFor(async () => (await mailsTo(smtp, 'mara@example.test')).some((m) => m.subject?.includes('Call the bank')), 'the reminder mail', 30_000);
      await page.reload();
      await page.getByRole('button', { name: 'Settings' }).click();
      await channels.getByRole('list', { name: 'Deliveries' }).getByText('Email: delivered').waitFor();
      await expectAccessible(page, 'settings-channels');
      await screenshot(page, 'settings-channels');
    } finally {
      await close();
    }
  });

  it('connects a calendar app: a password that signs in to /dav/, the address and user name to copy, and Revoke', async () => {
    const { page, close } = await settings('nico', ['clipboard-read', 'clipboard-write']);
    try {
      const apps = page.getByRole('region', { name: 'Calendar apps' });
      await apps.getByLabel('App name').fill('Thunderbird');
      await apps.getByRole('button', { name: 'Connect a calendar app' }).click();
      const password = await apps.getByLabel('Password', { exact: true }).inputValue();
      expect(password).toMatch(/^([a-z2-7]{4}-){7}[a-z2-7]{4}$/);
      expect(await apps.getByLabel('User name', { exact: true }).inputValue()).toBe('nico');
      expect(await apps.getByLabel('Server address', { exact: true }).inputValue()).toBe(`${service.url}/dav/`);
      await apps.getByRole('button', { name: 'Copy server address' }).click();
      await apps.getByText('Server address copied.').waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${service.url}/dav/`);
      const signIn = () => davRequest(service, { userId: 'nico', password }, '/dav/', { method: 'OPTIONS' });
      expect((await signIn()).status).toBe(200);
      await expectAccessible(page, 'settings-calendar-apps');
      await screenshot(page, 'settings-calendar-apps');

      await apps.getByRole('list', { name: 'App passwords' }).getByText('Thunderbird').waitFor();
      await apps.getByRole('button', { name: 'Revoke Thunderbird' }).click();
      await apps.getByText('Thunderbird can no longer sign in.').waitFor();
      expect((await signIn()).status).toBe(401);
    } finally {
      await close();
    }
  });
});
