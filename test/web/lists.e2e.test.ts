import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchBrowser, PHONE_VIEWPORT, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, restTasks, screenshot, signInByLink } from '../support/web-app.js';

// Lists, priority, labels and search in the app, on a phone, as a person uses them.
let browser: TestBrowser;
let service: TestService;

beforeAll(async () => {
  [browser, service] = await Promise.all([launchBrowser(), startTestService('sqlite')]);
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function openPhone(): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: true, isMobile: true, timezoneId: 'Europe/Berlin', locale: 'en-US' });
  return { page: await context.newPage(), close: () => context.close() };
}

async function restLists(user: string): Promise<{ id: number; name: string; color: string | null; inbox: boolean }[]> {
  return (await (await service.request(user, '/lists', { method: 'GET' })).json()) as { id: number; name: string; color: string | null; inbox: boolean }[];
}

describe('lists in the app', () => {
  it('makes a list, saves a task into it with a priority and labels, shows them in the queue, renames and deletes the list', async () => {
    const { page, close } = await openPhone();
    const user = 'lena';
    try {
      await signInByLink(page, service, user);
      await page.getByRole('button', { name: 'Lists' }).click();
      const lists = page.getByRole('region', { name: 'Lists' });
      await lists.getByRole('button', { name: /^Inbox/ }).waitFor();
      await lists.getByRole('button', { name: 'New list' }).click();
      const form = page.getByRole('form', { name: 'New list' });
      // No name: said in words, nothing made.
      await form.getByRole('button', { name: 'Create list' }).click();
      await form.getByRole('alert').filter({ hasText: 'A list needs a name.' }).waitFor();
      await form.getByLabel('List name').fill('Groceries');
      await form.getByRole('radio', { name: 'Green' }).check();
      await expectAccessible(page, 'lists-new');
      await form.getByRole('button', { name: 'Create list' }).click();
      // Made, and opened: its name is the heading.
      await page.getByRole('heading', { name: 'Groceries' }).waitFor();
      expect((await restLists(user)).map((list) => [list.name, list.color])).toEqual([
        ['Inbox', null],
        ['Groceries', '#2e8b57'],
      ]);
      await page.getByText('Nothing open in this list.').waitFor();

      // A task captured into it, with a priority and labels.
      await page.getByRole('button', { name: 'Tickler' }).click();
      await page.getByLabel('New task', { exact: true }).fill('buy oat milk');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
      await page.getByLabel('List', { exact: true }).selectOption({ label: 'Groceries' });
      await page.getByRole('group', { name: 'Priority' }).getByRole('radio', { name: 'High' }).check();
      await page.getByLabel('Labels', { exact: true }).fill('store, @Weekly, store');
      expect(await page.getByLabel('Labels', { exact: false }).filter({ hasText: 'Weekly' }).count()).toBeGreaterThan(0);
      await expectAccessible(page, 'review-list-priority-labels');
      await screenshot(page, 'review-list-priority-labels');
      await page.getByRole('button', { name: 'Save' }).click();
      const row = page.getByRole('region', { name: 'Today' }).getByRole('listitem').filter({ hasText: 'Buy oat milk' });
      await row.waitFor();
      expect(await row.textContent()).toMatch(/List: Groceries.*High.*Label: store.*Label: Weekly/);
      // The queue shows a saved task at once; the service may have it a moment later.
      await expect.poll(async () => (await restTasks(service, user)).length, { timeout: 10_000 }).toBe(1);
      const [saved] = await restTasks(service, user);
      expect(saved).toMatchObject({ title: 'Buy oat milk', priority: 'high', labels: ['store', 'Weekly'] });
      const groceries = (await restLists(user)).find((list) => list.name === 'Groceries')!;
      expect((saved as unknown as { listId: number }).listId).toBe(groceries.id);
      await screenshot(page, 'queue-with-lists');

      // The list shows it; the owner renames the list and deletes it with its task.
      await page.getByRole('button', { name: 'Lists' }).click();
      await page.getByRole('region', { name: 'Lists' }).getByRole('button', { name: /^Groceries.*1 open/ }).click();
      await page.getByRole('heading', { name: 'Groceries' }).waitFor();
      await page.getByRole('checkbox', { name: 'Complete Buy oat milk' }).waitFor();
      await screenshot(page, 'list-screen');
      await page.getByRole('button', { name: 'Rename list' }).click();
      const rename = page.getByRole('form', { name: 'Rename list' });
      await rename.getByLabel('List name').fill('Food');
      await rename.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Food' }).waitFor();
      await page.getByRole('button', { name: 'Delete…' }).click();
      await page.getByRole('group', { name: 'Delete this list?' }).getByRole('button', { name: 'Delete list' }).click();
      await page.getByRole('region', { name: 'Lists' }).waitFor();
      await expect.poll(async () => (await restLists(user)).map((list) => list.name), { timeout: 10_000 }).toEqual(['Inbox']);
      expect(await restTasks(service, user)).toEqual([]);
    } finally {
      await close();
    }
  }, 60_000);

  it('finds a task of another list as you type, and offline over the tasks on this device', async () => {
    const { page, close } = await openPhone();
    const user = 'sami';
    try {
      const made = await service.request(user, '/lists', jsonRequest('POST', { name: 'Work' }));
      const work = ((await made.json()) as { id: number }).id;
      for (const body of [
        { title: 'Send the invoice', listId: work, description: 'to Acme' },
        { title: 'Water the plants' },
        { title: 'Call Acme about the contract' },
      ]) {
        expect((await service.request(user, '/tasks', jsonRequest('POST', body))).status).toBe(201);
      }
      await signInByLink(page, service, user);
      await page.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();
      const search = page.getByRole('searchbox', { name: 'Search tasks' });
      await search.fill('acme');
      const results = page.getByRole('region', { name: 'Search results' });
      // Title or description, any letter case, every list.
      await results.getByRole('checkbox', { name: 'Complete Send the invoice' }).waitFor();
      await results.getByRole('checkbox', { name: 'Complete Call Acme about the contract' }).waitFor();
      expect(await results.getByRole('listitem').count()).toBe(2);
      expect(await results.getByRole('listitem').filter({ hasText: 'Send the invoice' }).textContent()).toContain('Work');
      await expectAccessible(page, 'search-results');
      await screenshot(page, 'search-results');
      await search.fill('nothing like this');
      await results.getByText('No task matches “nothing like this”.').waitFor();

      await page.context().setOffline(true);
      await search.fill('plants');
      await results.getByText('Offline: these are the matching tasks on this device.').waitFor();
      await results.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();
      expect(await results.getByRole('listitem').count()).toBe(1);
      await page.context().setOffline(false);
      await search.fill('');
      await page.getByRole('region', { name: 'Today' }).getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();
      expect(await page.getByRole('region', { name: 'Search results' }).count()).toBe(0);
    } finally {
      await close();
    }
  });
});
