/**
 * `npm run screenshots:web`: screenshots of every screen of the web app, light and dark, on a phone
 * (390×844) and the main ones on a desktop (1280×800), into docs/images/. Drives Debian's Chromium
 * against a real service on a fresh SQLite database (and a stand-in AI provider for the recording
 * screen), the way test/web does. Run it after changing how the app looks, then look at the images.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { ensureWebBuild } from './ensure-web-build.mjs';
import { createLoginCode } from '../src/auth/create-login-code.js';
import { systemClock } from '../src/clock.js';
import { launchBrowser, PHONE_VIEWPORT, type TestBrowser } from '../test/support/browser.js';
import { startFakeOpenAi } from '../test/support/fake-openai.js';
import { jsonRequest, startTestService, type TestService } from '../test/support/test-service.js';

const OUT = path.join(import.meta.dirname, '../docs/images');
const DESKTOP = { width: 1280, height: 800 };
type Theme = 'light' | 'dark';

async function open(browser: TestBrowser, theme: Theme, viewport = PHONE_VIEWPORT): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ colorScheme: theme, viewport, timezoneId: 'Europe/Berlin', locale: 'en-US' });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, service: TestService, user: string): Promise<void> {
  const code = await createLoginCode({ db: service.database.db, clock: systemClock, userId: user });
  await page.goto(`${service.url}/login#code=${code}`);
  await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
}

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  // No caret or running transition in the picture.
  await page.evaluate((whole) => {
    (document.activeElement as HTMLElement | null)?.blur();
    if (whole) window.scrollTo(0, 0);
  }, fullPage);
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(OUT, `${name}.png`), fullPage });
  console.log(`docs/images/${name}.png`);
}

/** A queue worth looking at: something overdue, today, undated, tomorrow, repeating, later. */
async function seed(service: TestService, user: string): Promise<void> {
  const hour = 3_600_000;
  const at = (hours: number) => {
    const when = new Date(Date.now() + hours * hour);
    when.setUTCMinutes(0, 0, 0);
    return when.toISOString();
  };
  const tasks = [
    { title: 'Renew the passport before the trip to Lisbon: the booking for an appointment is open now', dueAt: at(-20) },
    { title: 'Water the plants', dueAt: at(2), remindBefore: 10 },
    { title: 'Buy milk and bread' },
    { title: 'Call mom', dueAt: at(28), remindBefore: 30 },
    { title: 'Take the bins out', dueAt: at(60), recurrence: 'FREQ=WEEKLY' },
    { title: 'Dentist appointment', dueAt: at(24 * 12), remindBefore: 60 },
  ];
  for (const task of tasks) {
    const response = await service.request(user, '/tasks', jsonRequest('POST', task));
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}`);
  }
}

/** Two lists beside the Inbox, with tasks that carry labels and a priority. */
async function seedLists(service: TestService, user: string): Promise<void> {
  const made: Record<string, number> = {};
  for (const list of [
    { name: 'Groceries', color: '#2e8b57' },
    { name: 'Work', color: '#2f7fc1' },
  ]) {
    const response = await service.request(user, '/lists', jsonRequest('POST', list));
    if (response.status !== 201) throw new Error(`making a list answered ${response.status}`);
    made[list.name] = ((await response.json()) as { id: number }).id;
  }
  const tasks = [
    { title: 'Oat milk', listId: made.Groceries, labels: ['store'] },
    { title: 'Send the invoice to Acme', listId: made.Work, priority: 'urgent', labels: ['billing'], dueAt: new Date(Date.now() + 5 * 3_600_000).toISOString() },
    { title: 'Review the contract', listId: made.Work, priority: 'high', description: 'Acme, before Friday' },
  ];
  for (const task of tasks) {
    const response = await service.request(user, '/tasks', jsonRequest('POST', task));
    if (response.status !== 201) throw new Error(`seeding answered ${response.status}`);
  }
}

async function listScreens(page: Page, theme: Theme): Promise<void> {
  await page.getByRole('button', { name: 'Lists' }).click();
  await page.getByRole('region', { name: 'Lists' }).getByRole('button', { name: /^Work/ }).waitFor();
  await shot(page, `web-lists-${theme}`);
  await page.getByRole('region', { name: 'Lists' }).getByRole('button', { name: /^Work/ }).click();
  await page.getByRole('heading', { name: 'Work' }).waitFor();
  await shot(page, `web-list-${theme}`);
  await page.getByRole('button', { name: 'Share list' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Invite as editor' }).click();
  await page.getByRole('dialog').getByLabel(/^Invitation link/).waitFor();
  await shot(page, `web-share-sheet-${theme}`);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Tickler' }).click();
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('acme');
  await page.getByRole('region', { name: 'Search results' }).getByText('Review the contract').waitFor();
  await shot(page, `web-search-${theme}`);
  await page.getByRole('searchbox', { name: 'Search tasks' }).fill('');
}

/** Several reminders in the review form (a quick one, a custom one that reminds until done), and the snooze presets. */
async function reminderScreens(page: Page, theme: Theme): Promise<void> {
  await page.getByLabel('New task', { exact: true }).fill('pay the rent tomorrow at 5pm');
  await page.getByRole('button', { name: 'Add' }).click();
  await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
  const reminders = page.getByRole('group', { name: 'Reminders' });
  await reminders.getByRole('checkbox', { name: '10 min before' }).check();
  await reminders.getByRole('button', { name: 'Custom…' }).click();
  const custom = page.getByRole('group', { name: 'Custom reminder' });
  await custom.getByLabel('Amount').fill('2');
  await custom.getByLabel('Unit').selectOption({ label: 'days before' });
  await custom.getByRole('button', { name: 'Add reminder' }).click();
  const twoDays = page.getByRole('list', { name: 'This task’s reminders' }).getByRole('group', { name: '2 days before' });
  await twoDays.getByRole('checkbox', { name: 'Remind until done' }).check();
  await twoDays.getByLabel('Every (minutes)').fill('30');
  await twoDays.getByLabel('Up to (times)').fill('3');
  await reminders.evaluate((group) => group.scrollIntoView({ block: 'center' }));
  await shot(page, `web-reminders-${theme}`);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: /^Water the plants/ }).click();
  await page.getByRole('heading', { name: 'Snooze the reminder' }).evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
  await shot(page, `web-snooze-${theme}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
}

async function phoneScreens(browser: TestBrowser, service: TestService, theme: Theme): Promise<void> {
  const user = `screens-${theme}`;
  await seed(service, user);
  await seedLists(service, user);
  const { context, page } = await open(browser, theme);
  try {
    await page.goto(`${service.url}/`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot(page, `web-sign-in-${theme}`);

    await signIn(page, service, user);
    await page.getByText('Water the plants').waitFor();
    await shot(page, `web-queue-${theme}`);

    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('alert').waitFor();
    await shot(page, `web-no-voice-${theme}`);
    await page.reload();
    await page.getByText('Water the plants').waitFor();

    // A swipe to the right, half way: the hint behind the row.
    const row = page.getByRole('listitem').filter({ hasText: 'Call mom' });
    await row.scrollIntoViewIfNeeded();
    const box = (await row.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 150, box.y + box.height / 2, { steps: 6 });
    await shot(page, `web-swipe-${theme}`);
    await page.mouse.move(box.x + box.width * 0.85, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    await page.getByRole('status').filter({ hasText: 'Completed' }).waitFor();
    await shot(page, `web-undo-${theme}`);
    await page.getByRole('button', { name: 'Undo' }).click();

    await page.getByLabel('New task', { exact: true }).fill('call the plumber tomorrow at 5pm, remind me 30 min before');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
    await shot(page, `web-review-${theme}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await reminderScreens(page, theme);

    await page.getByRole('button', { name: /^Take the bins out/ }).click();
    await page.getByRole('heading', { name: 'Edit task' }).waitFor();
    await shot(page, `web-edit-${theme}`);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await listScreens(page, theme);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('region', { name: 'Sessions' }).waitFor();
    await page.getByRole('region', { name: 'Calendar feed' }).getByRole('button', { name: 'Make a feed address' }).click();
    await page.getByLabel('Feed address').waitFor();
    await shot(page, `web-settings-${theme}`, true);
  } finally {
    await context.close();
  }
}

/** The join screen: someone else's invitation, opened signed in. */
async function joinScreen(browser: TestBrowser, service: TestService, theme: Theme): Promise<void> {
  const owner = `owner-${theme}`;
  await service.request(owner, '/me', jsonRequest('PATCH', { displayName: 'Rosa' }));
  const list = (await (await service.request(owner, '/lists', jsonRequest('POST', { name: 'Groceries', color: '#2e8b57' }))).json()) as { id: number };
  const invitation = (await (await service.request(owner, `/lists/${list.id}/invitations`, jsonRequest('POST', { role: 'editor' }))).json()) as { url: string };
  const { context, page } = await open(browser, theme);
  try {
    await signIn(page, service, `joiner-${theme}`);
    await page.goto(`${service.url}/join#${invitation.url.split('#')[1]}`);
    await page.getByRole('heading', { name: 'Join “Groceries”' }).waitFor();
    await page.getByText('Rosa invited you').waitFor();
    await shot(page, `web-join-${theme}`);
  } finally {
    await context.close();
  }
}

async function desktopScreens(browser: TestBrowser, service: TestService, theme: Theme): Promise<void> {
  const user = `desktop-${theme}`;
  await seed(service, user);
  const { context, page } = await open(browser, theme, DESKTOP);
  try {
    await signIn(page, service, user);
    await page.getByText('Water the plants').waitFor();
    await shot(page, `web-desktop-queue-${theme}`);
    await page.getByLabel('New task', { exact: true }).fill('call the plumber tomorrow at 5pm, remind me 30 min before');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('heading', { name: 'Review the new task' }).waitFor();
    await shot(page, `web-desktop-review-${theme}`);
  } finally {
    await context.close();
  }
}

/** Recording needs a service that can transcribe: a stand-in provider (never asked here). */
async function recordingScreen(browser: TestBrowser, theme: Theme): Promise<void> {
  const fake = await startFakeOpenAi();
  const service = await startTestService('sqlite', { env: { OPENAI_API_KEY: 'sk-screens', OPENAI_BASE_URL: fake.baseUrl } });
  const { context, page } = await open(browser, theme);
  try {
    await signIn(page, service, 'recorder');
    await page.getByRole('button', { name: 'Record' }).click();
    await page.getByRole('button', { name: 'Stop' }).waitFor();
    await page.waitForTimeout(2_300);
    await shot(page, `web-recording-${theme}`);
  } finally {
    await context.close();
    await service.close();
    await fake.close();
  }
}

ensureWebBuild();
mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
// Addresses the app shows (the calendar feed's) read as they would in a deployment.
const service = await startTestService('sqlite', { env: { PUBLIC_URL: 'https://tickler.example.com' } });
try {
  for (const theme of ['light', 'dark'] as const) {
    await phoneScreens(browser, service, theme);
    await joinScreen(browser, service, theme);
    await desktopScreens(browser, service, theme);
    await recordingScreen(browser, theme);
  }
} finally {
  await service.close();
  await browser.close();
}
