import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, restTasks, screenshot, signInByLink } from '../support/web-app.js';

// Capturing, acting on the queue and a session that ends elsewhere, on a touch phone and a desktop.
const TIME_ZONE = 'Europe/Berlin';

function berlinDay(instant: Date | number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/**
 * A whole minute later today in Berlin, so the queue shows a task due then under Today and snoozing it
 * moves it to Tomorrow: two hours from now, or less late in the evening. In the day's last 90 s it waits
 * for the next day (a task due after midnight would read as Tomorrow already, and snoozed as a weekday).
 */
async function laterToday(): Promise<Date> {
  for (;;) {
    const now = Date.now();
    for (const ahead of [2 * 3_600_000, 30 * 60_000, 5 * 60_000, 90_000]) {
      const due = new Date(now + ahead);
      due.setUTCSeconds(0, 0);
      if (berlinDay(due) === berlinDay(now) && due.getTime() > now + 30_000) return due;
    }
    await new Promise((resolve) => setTimeout(resolve, 30_000));
  }
}

function berlinTime(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

const DEVICES = {
  phone: { viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true },
  desktop: { viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false },
} as const;
type Device = keyof typeof DEVICES;

let browser: TestBrowser;
let service: TestService;

beforeAll(async () => {
  [browser, service] = await Promise.all([launchBrowser(), startTestService('sqlite')]);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function open(device: Device, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...DEVICES[device], colorScheme, timezoneId: TIME_ZONE, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

/**
 * Drags a row sideways as a finger does on the phone (touch events through the DevTools protocol,
 * which Chromium turns into pointer events), and with the mouse on the desktop.
 */
async function swipe(page: Page, device: Device, row: Locator, direction: 'left' | 'right'): Promise<void> {
  const box = (await row.boundingBox())!;
  const y = box.y + box.height / 2;
  const from = direction === 'right' ? box.x + 20 : box.x + box.width - 20;
  const to = direction === 'right' ? box.x + box.width * 0.8 : box.x + box.width * 0.2;
  const steps = 8;
  if (device === 'desktop') {
    await page.mouse.move(from, y);
    await page.mouse.down();
    for (let step = 1; step <= steps; step++) await page.mouse.move(from + ((to - from) * step) / steps, y);
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= steps; step++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from + ((to - from) * step) / steps, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function createTask(user: string, body: Record<string, unknown>): Promise<number> {
  const response = await service.request(user, '/tasks', jsonRequest('POST', body));
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// The phone in the light theme, the desktop in the dark one (axe checks the contrast of both).
describe.each(['phone', 'desktop'] as const)('acting on the queue (%s)', (device) => {
  const theme = device === 'phone' ? 'light' : 'dark';

  it('captures with a quick date chip: the draft reads as a sentence, the chip sets the date, Save keeps it', async () => {
    const { context, page } = await open(device, theme);
    const user = `chip-${device}`;
    try {
      await signInByLink(page, service, user);
      await page.getByLabel('New task', { exact: true }).fill('buy flowers at 6pm');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
      const chips = page.getByRole('group', { name: 'Quick dates' });
      for (const chip of ['Today', 'Tomorrow', 'This weekend', 'Next week', 'No date']) {
        expect(await chips.getByRole('button', { name: chip, exact: true }).count()).toBe(1);
      }
      await chips.getByRole('button', { name: 'Tomorrow' }).click();
      expect(await chips.getByRole('button', { name: 'Tomorrow' }).getAttribute('aria-pressed')).toBe('true');
      const tomorrow = berlinDay(Date.now() + 86_400_000);
      expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(tomorrow);
      expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('18:00');
      // The draft reads as a sentence in the person's clock.
      expect(await page.getByText('Tomorrow, 6:00 PM').count()).toBe(1);
      const reminder = page.getByRole('group', { name: 'Reminders' });
      await reminder.getByRole('checkbox', { name: '30 min before' }).check();
      await expectAccessible(page, `review-chips-${device}`);
      await screenshot(page, `review-chips-${device}`);

      await chips.getByRole('button', { name: 'No date' }).click();
      expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe('');
      expect(await reminder.getByRole('checkbox', { name: '30 min before' }).isDisabled()).toBe(true);
      expect(await reminder.getByText('Reminders before the due time need a date.', { exact: false }).count()).toBe(1);
      await chips.getByRole('button', { name: 'Tomorrow' }).click();
      await page.getByLabel('Time', { exact: true }).fill('18:00');
      expect(await reminder.getByRole('checkbox', { name: '30 min before' }).isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Save' }).click();

      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('checkbox', { name: 'Complete Buy flowers' }).waitFor();
      expect(await upcoming.getByText('Tomorrow, 6:00 PM').count()).toBe(1);
      // Saved: the capture field starts empty again.
      expect(await page.getByLabel('New task', { exact: true }).inputValue()).toBe('');
      // The queue shows a saved task at once; the service may have it a moment later.
      await expect.poll(async () => (await restTasks(service, user)).length, { timeout: 10_000 }).toBe(1);
      const [saved] = await restTasks(service, user);
      expect(saved).toMatchObject({ title: 'Buy flowers', remindBefore: 30 });
      expect(berlinDay(new Date(saved!.dueAt!))).toBe(tomorrow);
      expect(berlinTime(saved!.dueAt!)).toBe('18:00');
    } finally {
      await context.close();
    }
  });

  it('completes a task by swiping it right, and Undo brings it back', async () => {
    const { context, page } = await open(device, theme);
    const user = `swipe-${device}`;
    try {
      const id = await createTask(user, { title: 'Water the plants' });
      await signInByLink(page, service, user);
      const today = page.getByRole('region', { name: 'Today' });
      const row = today.getByRole('listitem').filter({ hasText: 'Water the plants' });
      await row.waitFor();
      await swipe(page, device, row, 'right');
      await row.waitFor({ state: 'detached' });
      await expect.poll(async () => (await restTasks(service, user)).find((task) => task.id === id)?.status).toBe('completed');
      const toast = page.getByRole('status').filter({ hasText: 'Completed “Water the plants”.' });
      await toast.waitFor();
      await screenshot(page, `swiped-complete-${device}`);
      await toast.getByRole('button', { name: 'Undo' }).click();
      await today.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();
      await expect.poll(async () => (await restTasks(service, user)).find((task) => task.id === id)?.status).toBe('pending');
      // Swiping is not a tap: the task did not open.
      expect(await page.getByRole('heading', { name: 'Edit task' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('snoozes a task to tomorrow by swiping it left or with its button, and Undo puts it back', { timeout: 150_000 }, async () => {
    const { context, page } = await open(device, theme);
    const user = `snooze-${device}`;
    try {
      const dueAt = await laterToday();
      const first = await createTask(user, { title: 'Call the bank', dueAt: dueAt.toISOString(), remindBefore: 10 });
      await createTask(user, { title: 'Book a table', dueAt: dueAt.toISOString() });
      await signInByLink(page, service, user);
      const row = page.getByRole('listitem').filter({ hasText: 'Call the bank' });
      await row.waitFor();
      const before = (await restTasks(service, user)).find((task) => task.id === first)!.dueAt!;

      await swipe(page, device, row, 'left');
      const snoozed = new Date(Date.parse(before) + 86_400_000);
      await expect.poll(async () => berlinDay(new Date((await restTasks(service, user)).find((task) => task.id === first)!.dueAt!))).toBe(berlinDay(snoozed));
      expect(berlinTime((await restTasks(service, user)).find((task) => task.id === first)!.dueAt!)).toBe(berlinTime(before));
      const toast = page.getByRole('status').filter({ hasText: /^Snoozed “Call the bank” to Tomorrow, / });
      await toast.waitFor();
      await page.getByRole('region', { name: 'Upcoming' }).getByRole('checkbox', { name: 'Complete Call the bank' }).waitFor();
      await toast.getByRole('button', { name: 'Undo' }).click();
      await expect.poll(async () => (await restTasks(service, user)).find((task) => task.id === first)!.dueAt).toBe(before);
      await page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Complete Call the bank' }).waitFor();

      // The button does the same for whoever does not swipe.
      await page.getByRole('button', { name: 'Snooze Book a table' }).click();
      await page.getByRole('region', { name: 'Upcoming' }).getByRole('checkbox', { name: 'Complete Book a table' }).waitFor();
      await expectAccessible(page, `queue-snoozed-${device}`);
    } finally {
      await context.close();
    }
  });
});

describe('a session that ends elsewhere', () => {
  it('says "You were signed out on another device" at once and keeps what was typed for after signing in', async () => {
    const { context, page } = await open('phone');
    try {
      await signInByLink(page, service, 'olga');
      await page.getByLabel('New task', { exact: true }).fill('buy bread at 6');
      // Signed out from another device: this browser's session is revoked.
      const list = await service.request('olga', '/graphql', jsonRequest('POST', { query: '{ sessions { id } }' }));
      const { sessions } = ((await list.json()) as { data: { sessions: { id: string }[] } }).data;
      expect(sessions).toHaveLength(1);
      const revoked = await service.request('olga', '/graphql', jsonRequest('POST', { query: `mutation { revokeSession(id: "${sessions[0]!.id}") }` }));
      expect(((await revoked.json()) as { data: { revokeSession: boolean } }).data.revokeSession).toBe(true);

      // The live socket is closed by the service: the page finds out without a tap.
      await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
      const notice = page.getByRole('alert');
      expect(await notice.textContent()).toBe(
        'You were signed out on another device. What you typed is kept: it is back in the New task field once you are signed in.',
      );
      await expectAccessible(page, 'signed-out-elsewhere');
      await screenshot(page, 'signed-out-elsewhere');

      await signInByLink(page, service, 'olga');
      expect(await page.getByLabel('New task', { exact: true }).inputValue()).toBe('buy bread at 6');
    } finally {
      await context.close();
    }
  });
});

describe('coming back to the queue', () => {
  it('shows a task opened low in a long list with its heading below the header, and Cancel returns to where the list was', async () => {
    const { context, page } = await open('phone');
    try {
      for (let n = 1; n <= 30; n++) await createTask('pia', { title: `Errand ${String(n).padStart(2, '0')}` });
      await signInByLink(page, service, 'pia');
      const task = page.getByRole('button', { name: /^Errand 28/ });
      await task.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(500);
      await task.click();
      const heading = page.getByRole('heading', { name: 'Edit task' });
      await heading.waitFor();
      const [headingTop, headerBottom] = await page.evaluate(() => [
        document.getElementById('task-form-heading')!.getBoundingClientRect().top,
        document.querySelector('header')!.getBoundingClientRect().bottom,
      ]);
      expect(headingTop).toBeGreaterThanOrEqual(headerBottom);
      expect(headingTop).toBeLessThan(PHONE_VIEWPORT.height / 2);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await task.waitFor();
      expect(Math.abs((await page.evaluate(() => window.scrollY)) - scrolled)).toBeLessThan(2);
    } finally {
      await context.close();
    }
  });
});
