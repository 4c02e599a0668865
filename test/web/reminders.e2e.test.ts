import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, screenshot, signInByLink } from '../support/web-app.js';

// Several reminders per task in the review and edit forms (quick choices, Custom…, "Remind until
// done"), and the snooze presets on a task's screen, in Chromium against the real service. The
// browser is in New York while the service runs in UTC, so "tomorrow morning" must be the browser's.
const TIME_ZONE = 'America/New_York';

interface StoredReminder {
  before: number | null;
  at: string | null;
  nag: { every: number; times: number } | null;
}

interface StoredTask {
  id: string;
  title: string;
  dueAt: string | null;
  reminders: StoredReminder[];
  reminderSchedule: { snoozedUntil: string | null } | null;
}

let browser: TestBrowser;
let service: TestService;

beforeAll(async () => {
  [browser, service] = await Promise.all([launchBrowser(), startTestService('sqlite')]);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function open(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

/** YYYY-MM-DD in New York, `days` from now. */
function nyDay(days: number, from = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(from + days * 86_400_000);
}

function nyTime(instant: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(instant));
}

/** The user's tasks as the service holds them (GraphQL). */
async function storedTasks(user: string): Promise<StoredTask[]> {
  const response = await service.request(
    user,
    '/graphql',
    jsonRequest('POST', {
      query: '{ tasks(first: 50) { edges { node { id title dueAt reminders { before at nag { every times } } reminderSchedule { snoozedUntil } } } } }',
    }),
  );
  const answer = (await response.json()) as { data: { tasks: { edges: { node: StoredTask }[] } } };
  return answer.data.tasks.edges.map((edge) => edge.node);
}

async function stored(user: string, title: string): Promise<StoredTask> {
  const task = (await storedTasks(user)).find((candidate) => candidate.title === title);
  expect(task, `the service holds “${title}”`).toBeDefined();
  return task!;
}

async function review(page: Page, text: string): Promise<void> {
  await page.getByLabel('New task', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
}

describe('several reminders per task in the app', () => {
  it('adds two reminders, one custom that reminds until done; the reopened task shows them, and the service holds them', async () => {
    const { context, page } = await open();
    const user = 'rita';
    try {
      await signInByLink(page, service, user);
      await review(page, 'pay the rent tomorrow at 5pm');
      const reminders = page.getByRole('group', { name: 'Reminders' });
      await reminders.getByRole('checkbox', { name: '10 min before' }).check();

      await reminders.getByRole('button', { name: 'Custom…' }).click();
      const custom = page.getByRole('group', { name: 'Custom reminder' });
      expect(await custom.getByRole('radio', { name: 'Before the due time' }).isChecked()).toBe(true);
      await custom.getByLabel('Amount').fill('2');
      await custom.getByLabel('Unit').selectOption({ label: 'days before' });
      await custom.getByRole('button', { name: 'Add reminder' }).click();
      await custom.waitFor({ state: 'detached' });

      const listed = page.getByRole('list', { name: 'This task’s reminders' });
      const twoDays = listed.getByRole('group', { name: '2 days before' });
      await twoDays.getByRole('checkbox', { name: 'Remind until done' }).check();
      await twoDays.getByLabel('Every (minutes)').fill('30');
      await twoDays.getByLabel('Up to (times)').fill('3');
      expect(await page.getByText('Reminders 10 min before, 2 days before').count()).toBe(1);
      await expectAccessible(page, 'review-reminders');
      await screenshot(page, 'review-reminders');
      await page.getByRole('button', { name: 'Save' }).click();

      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('checkbox', { name: 'Complete Pay the rent' }).waitFor();
      expect(await upcoming.getByText('Reminder: 10 min before +1').count()).toBe(1);
      await expect.poll(async () => (await stored(user, 'Pay the rent')).reminders).toEqual([
        { before: 10, at: null, nag: null },
        { before: 2880, at: null, nag: { every: 30, times: 3 } },
      ]);

      // Reopened, the edit form shows both, the nag with its numbers.
      await upcoming.getByRole('button', { name: /^Pay the rent/ }).click();
      await page.getByRole('heading', { name: 'Edit task' }).waitFor();
      expect(await reminders.getByRole('checkbox', { name: '10 min before' }).isChecked()).toBe(true);
      expect(await listed.getByRole('group', { name: '10 min before' }).getByRole('checkbox', { name: 'Remind until done' }).isChecked()).toBe(false);
      expect(await twoDays.getByRole('checkbox', { name: 'Remind until done' }).isChecked()).toBe(true);
      expect(await twoDays.getByLabel('Every (minutes)').inputValue()).toBe('30');
      expect(await twoDays.getByLabel('Up to (times)').inputValue()).toBe('3');

      // Edited: one removed, one at a date and time added.
      await listed.getByRole('button', { name: 'Remove 10 min before' }).click();
      await reminders.getByRole('button', { name: 'Custom…' }).click();
      await custom.getByRole('radio', { name: 'At a date and time' }).check();
      await custom.getByLabel('Reminder date').fill(nyDay(2));
      await custom.getByLabel('Reminder time').fill('08:15');
      await custom.getByRole('button', { name: 'Add reminder' }).click();
      await listed.getByRole('group', { name: /^At .*8:15 AM$/ }).waitFor();
      await expectAccessible(page, 'edit-reminders');
      await page.getByRole('button', { name: 'Save' }).click();
      await upcoming.getByText('Reminder: 2 days before +1').waitFor();
      const task = await stored(user, 'Pay the rent');
      expect(task.reminders).toHaveLength(2);
      expect(task.reminders[0]).toEqual({ before: 2880, at: null, nag: { every: 30, times: 3 } });
      expect(task.reminders[1]).toMatchObject({ before: null, nag: null });
      expect([nyDay(0, Date.parse(task.reminders[1]!.at!)), nyTime(task.reminders[1]!.at!)]).toEqual([nyDay(2), '08:15']);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('gives an undated task a reminder at a date and time, and says that reminders before the due time need a date', async () => {
    const { context, page } = await open();
    const user = 'sami';
    try {
      await signInByLink(page, service, user);
      await review(page, 'renew the library card tomorrow at 10am');
      const reminders = page.getByRole('group', { name: 'Reminders' });
      await reminders.getByRole('checkbox', { name: '30 min before' }).check();
      await page.getByRole('group', { name: 'Quick dates' }).getByRole('button', { name: 'No date' }).click();
      expect(await reminders.getByRole('checkbox', { name: '30 min before' }).isDisabled()).toBe(true);
      await reminders.getByText('Reminders before the due time need a date.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Save' }).click();
      expect(await page.getByRole('alert').textContent()).toBe('Reminders before the due time need a date. Pick a date, or remove those reminders.');

      await page.getByRole('list', { name: 'This task’s reminders' }).getByRole('button', { name: 'Remove 30 min before' }).click();
      await reminders.getByRole('button', { name: 'Custom…' }).click();
      const custom = page.getByRole('group', { name: 'Custom reminder' });
      expect(await custom.getByRole('radio', { name: 'Before the due time' }).isDisabled()).toBe(true);
      expect(await custom.getByRole('radio', { name: 'At a date and time' }).isChecked()).toBe(true);
      await custom.getByLabel('Reminder date').fill(nyDay(1));
      await custom.getByLabel('Reminder time').fill('09:30');
      await custom.getByRole('button', { name: 'Add reminder' }).click();
      await page.getByRole('button', { name: 'Save' }).click();

      await page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Complete Renew the library card' }).waitFor();
      const task = await stored(user, 'Renew the library card');
      expect(task.dueAt).toBeNull();
      expect(task.reminders).toHaveLength(1);
      expect([nyDay(0, Date.parse(task.reminders[0]!.at!)), nyTime(task.reminders[0]!.at!)]).toEqual([nyDay(1), '09:30']);
    } finally {
      await context.close();
    }
  });
});

describe('snoozing a reminder in the app', () => {
  it('"Tomorrow morning" on the task’s screen snoozes its reminder to 09:00 in the browser’s zone, the due time unchanged', async () => {
    const { context, page } = await open();
    const user = 'tomas';
    try {
      const dueAt = new Date(Date.now() + 3 * 3_600_000);
      dueAt.setUTCSeconds(0, 0);
      const created = await service.request(user, '/tasks', jsonRequest('POST', { title: 'Call the landlord', dueAt: dueAt.toISOString(), remindBefore: 10 }));
      expect(created.status).toBe(201);
      await signInByLink(page, service, user);
      await page.getByRole('button', { name: /^Call the landlord/ }).click();
      await page.getByRole('heading', { name: 'Edit task' }).waitFor();
      const presets = page.getByRole('group', { name: 'Snooze the reminder' });
      for (const name of ['Snooze 10 min', 'Snooze 1 hour', 'Snooze until tomorrow morning']) expect(await presets.getByRole('button', { name }).count()).toBe(1);
      await expectAccessible(page, 'edit-snooze');
      const before = nyDay(1);
      await presets.getByRole('button', { name: 'Snooze until tomorrow morning' }).click();
      await page.getByRole('status').filter({ hasText: 'The reminder for “Call the landlord” rings again Tomorrow, 9:00 AM.' }).waitFor();

      const task = await stored(user, 'Call the landlord');
      const until = task.reminderSchedule!.snoozedUntil!;
      expect(nyTime(until)).toBe('09:00');
      // Tomorrow as the browser saw it when the button was pressed (the test may straddle midnight).
      expect([before, nyDay(1)]).toContain(nyDay(0, Date.parse(until)));
      expect(task.dueAt).toBe(dueAt.toISOString());
    } finally {
      await context.close();
    }
  });
});
