import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { NOTE_PNG } from '../support/capture-uploads.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, restTasks, screenshot, signInByLink } from '../support/web-app.js';

// The browser's zone, so "today" and the review form's date and time are read there.
const TIME_ZONE = 'Europe/Berlin';

function berlinDay(offsetDays: number): string {
  const day = new Date(Date.now() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}

function localDayIn(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

interface StoredSession {
  accessToken: string;
  accessUntil: number;
  refreshToken: string;
  sessionId: string;
  updatedAt: number;
}

/** The tabs' copy of the session (localStorage). */
function storedSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('tickler.session') ?? 'null') as StoredSession | null);
}

/** The copy the tabs share with the service worker (IndexedDB `tickler-session`). */
function workerSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(
    () =>
      new Promise<StoredSession | null>((resolve, reject) => {
        const open = indexedDB.open('tickler-session', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('session', 'readonly').objectStore('session').get('current');
          get.onsuccess = () => resolve((get.result as StoredSession | undefined) ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

/** Moves the access token's time into the past in both copies, as if it had run out. */
async function expireAccessToken(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const stored = JSON.parse(localStorage.getItem('tickler.session')!) as { accessUntil: number };
        const expired = { ...stored, accessUntil: 0 };
        localStorage.setItem('tickler.session', JSON.stringify(expired));
        const open = indexedDB.open('tickler-session', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(expired, 'current');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
  );
}

let browser: TestBrowser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'en-US' });
  const page = await context.newPage();
  return { context, page };
}

describe.each(PROVIDERS)('the web app on %s', (provider) => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService(provider);
  });

  afterAll(async () => {
    await service?.close();
  });

  it('signs in by link, captures by text, reviews, saves with a reminder, and shows it under the right heading', async () => {
    const { context, page } = await phone();
    try {
      await page.goto(`${service.url}/`);
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      expect(await page.getByText('npx tickler login --user').count()).toBe(1);
      await expectAccessible(page, 'sign-in');
      await screenshot(page, `sign-in-${provider}`);

      await signInByLink(page, service, 'alice');
      expect(new URL(page.url()).hash).toBe(''); // the code leaves the address bar
      await page.getByLabel('New task', { exact: true }).fill('call mom tomorrow at 5pm, remind me 30 min before');
      await page.getByLabel('New task', { exact: true }).press('Enter');

      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Call mom');
      expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(berlinDay(1));
      expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('17:00');
      const reminder = page.getByRole('group', { name: 'Reminders' });
      for (const choice of ['At time', '10 min before', '30 min before', '1 hour before']) {
        expect(await reminder.getByRole('checkbox', { name: choice, exact: true }).count()).toBe(1);
      }
      expect(await reminder.getByRole('button', { name: 'Custom…' }).count()).toBe(1);
      expect(await reminder.getByRole('checkbox', { name: '30 min before' }).isChecked()).toBe(true);
      expect(await restTasks(service, 'alice')).toEqual([]); // nothing is created before Save
      await expectAccessible(page, 'review');
      await screenshot(page, `review-${provider}`);

      await reminder.getByRole('checkbox', { name: '30 min before' }).uncheck();
      await reminder.getByRole('checkbox', { name: '10 min before' }).check();
      await page.getByRole('button', { name: 'Save' }).click();
      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('checkbox', { name: 'Complete Call mom' }).waitFor();
      expect(await upcoming.getByText('Reminder: 10 min before').count()).toBe(1);
      // The queue shows a saved task at once; the service may have it a moment later.
      await expect.poll(async () => (await restTasks(service, 'alice')).length, { timeout: 10_000 }).toBe(1);
      const [saved] = await restTasks(service, 'alice');
      expect(saved).toMatchObject({ title: 'Call mom', remindBefore: 10, status: 'pending' });
      expect(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(saved!.dueAt!))).toBe('17:00');
      await expectAccessible(page, 'queue');
      await screenshot(page, `queue-${provider}`);
    } finally {
      await context.close();
    }
    // Three axe runs and a first capture: slow on a busy 2-core machine.
  }, 60_000);

  it('completes a task at once, undoes it, and shows a change made elsewhere without reload', async () => {
    const { context, page } = await phone();
    try {
      const created = await service.request('bob', '/tasks', jsonRequest('POST', { title: 'Water the plants' }));
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      await signInByLink(page, service, 'bob');
      const today = page.getByRole('region', { name: 'Today' });
      const box = today.getByRole('checkbox', { name: 'Complete Water the plants' });
      await box.click(); // ticking removes it at once
      await box.waitFor({ state: 'detached' });
      await expect.poll(async () => (await restTasks(service, 'bob')).find((task) => task.id === id)?.status).toBe('completed');

      await page.getByRole('button', { name: 'Undo' }).click();
      await today.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor();
      await expect.poll(async () => (await restTasks(service, 'bob')).find((task) => task.id === id)?.status).toBe('pending');

      // Live: a REST create and a REST completion reach the open page over graphql-ws.
      const later = await service.request('bob', '/tasks', jsonRequest('POST', { title: 'Pay the rent' }));
      expect(later.status).toBe(201);
      await today.getByRole('checkbox', { name: 'Complete Pay the rent' }).waitFor({ timeout: 10_000 });
      expect((await service.request('bob', `/tasks/${id}`, { method: 'DELETE' })).status).toBe(204);
      await today.getByRole('checkbox', { name: 'Complete Water the plants' }).waitFor({ state: 'detached', timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});

describe('the web app (SQLite)', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService('sqlite');
  });

  afterAll(async () => {
    await service?.close();
  });

  it('captures from a photo and shows the draft read from it', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'carol');
      await page.getByLabel('Photo', { exact: true }).setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: NOTE_PNG });
      await page.getByRole('button', { name: 'Save' }).waitFor({ timeout: 30_000 });
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Buy milk');
      expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(berlinDay(1));
      expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('17:00');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('New task', { exact: true }).waitFor();
      expect(await restTasks(service, 'carol')).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says before recording that voice needs the server’s AI provider, and keeps what was typed', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'dave');
      await page.getByLabel('New task', { exact: true }).fill('dentist');
      await page.getByRole('button', { name: 'Record' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('Voice needs the server’s AI provider — type or take a photo instead.');
      // Nothing was recorded: no "Stop", no level meter.
      expect(await page.getByRole('button', { name: 'Stop' }).count()).toBe(0);
      expect(await page.getByRole('meter', { name: 'Sound level' }).count()).toBe(0);
      expect(await page.getByLabel('New task', { exact: true }).inputValue()).toBe('dentist');
      await expectAccessible(page, 'voice-error');
      await screenshot(page, 'voice-error');
    } finally {
      await context.close();
    }
  });

  it('edits and deletes a task', async () => {
    const { context, page } = await phone();
    try {
      expect((await service.request('erin', '/tasks', jsonRequest('POST', { title: 'Book flights' }))).status).toBe(201);
      await signInByLink(page, service, 'erin');
      await page.getByRole('button', { name: /^Book flights/ }).click();
      await page.getByRole('heading', { name: 'Edit task' }).waitFor();
      await page.getByLabel('Title', { exact: true }).fill('Book flights to Lisbon');
      await page.getByLabel('Date', { exact: true }).fill(berlinDay(2));
      await page.getByLabel('Time', { exact: true }).fill('08:30');
      await page.getByRole('checkbox', { name: '1 hour before' }).check();
      await page.getByLabel('Description', { exact: true }).fill('window seat');
      await expectAccessible(page, 'edit');
      await screenshot(page, 'edit');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('region', { name: 'Upcoming' }).getByRole('checkbox', { name: 'Complete Book flights to Lisbon' }).waitFor();
      // The queue shows a change before the server has it (and a delete before it is done): ask until it has.
      await expect
        .poll(async () => (await restTasks(service, 'erin'))[0], { timeout: 10_000 })
        .toMatchObject({ title: 'Book flights to Lisbon', description: 'window seat', remindBefore: 60 });

      await page.getByRole('button', { name: /^Book flights to Lisbon/ }).click();
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('checkbox', { name: 'Complete Book flights to Lisbon' }).waitFor({ state: 'detached' });
      await expect.poll(async () => restTasks(service, 'erin'), { timeout: 10_000 }).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('reads a repeat from the words, lets a person change it, and a completed repeating task comes back at its next occurrence', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'rita');
      await page.getByLabel('New task', { exact: true }).fill('take the bins out every Monday at 7am');
      await page.getByLabel('New task', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Save' }).waitFor();
      const repeat = page.getByLabel('Repeat', { exact: true });
      // A weekly rule on Monday is not one of the plain choices: it stays selected as it was read.
      expect(await repeat.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe('Every Monday at 7:00 AM');
      for (const choice of ['Does not repeat', 'Every day', 'Every weekday', 'Every week', 'Every month', 'Every year']) {
        expect(await repeat.getByRole('option', { name: choice, exact: true }).count()).toBe(1);
      }
      await expectAccessible(page, 'review-repeat');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('checkbox', { name: /^Complete take the bins out$/i }).waitFor();
      expect(await page.getByText('Repeats: Every Monday', { exact: true }).count()).toBe(1);
      await expect.poll(async () => (await restTasks(service, 'rita')).length, { timeout: 10_000 }).toBe(1);
      const [saved] = await restTasks(service, 'rita');
      expect(saved?.recurrence).toMatch(/FREQ=WEEKLY/);
      expect(saved?.recurrence).toMatch(/BYDAY=MO/);

      await page.getByRole('button', { name: /take the bins out/i }).click();
      await page.getByRole('heading', { name: 'Edit task' }).waitFor();
      await page.getByLabel('Repeat', { exact: true }).selectOption({ label: 'Every day' });
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('heading', { name: 'Edit task' }).waitFor({ state: 'detached' });
      await expect.poll(async () => (await restTasks(service, 'rita'))[0]?.recurrence).toBe('FREQ=DAILY');
      const before = (await restTasks(service, 'rita'))[0]!;

      await page.getByRole('checkbox', { name: /^Complete take the bins out$/i }).click();
      // Completing a repeating task moves it on: it comes back, pending, a day later.
      await expect
        .poll(async () => (await restTasks(service, 'rita'))[0]?.dueAt)
        .toBe(new Date(Date.parse(before.dueAt!) + 86_400_000).toISOString());
      expect((await restTasks(service, 'rita'))[0]?.status).toBe('pending');
      await page.getByRole('checkbox', { name: /^Complete take the bins out$/i }).waitFor({ timeout: 10_000 });

      await page.getByRole('button', { name: /take the bins out/i }).click();
      await page.getByLabel('Repeat', { exact: true }).selectOption({ label: 'Does not repeat' });
      await page.getByRole('button', { name: 'Save' }).click();
      await expect.poll(async () => (await restTasks(service, 'rita'))[0]?.recurrence).toBeNull();
    } finally {
      await context.close();
    }
  });

  it('keeps a task captured offline in the queue and sends it once when the network returns', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'frank');
      // The service worker has the shell: a reload without network still shows the app.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await context.setOffline(true);
      await page.reload();
      await page.getByLabel('New task', { exact: true }).waitFor();

      await page.getByLabel('New task', { exact: true }).fill('buy stamps');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('buy stamps');
      await page.getByRole('button', { name: 'Save' }).click();
      const waiting = page.getByRole('region', { name: 'Waiting to sync' });
      await waiting.getByText('buy stamps').waitFor();
      await screenshot(page, 'offline-waiting');
      expect(await restTasks(service, 'frank')).toEqual([]);

      await context.setOffline(false);
      await page.getByRole('checkbox', { name: 'Complete buy stamps' }).waitFor({ timeout: 20_000 });
      await waiting.waitFor({ state: 'detached' });
      const tasks = await restTasks(service, 'frank');
      expect(tasks.map((task) => task.title)).toEqual(['buy stamps']);
    } finally {
      await context.close();
    }
  });

  it('shows overdue tasks under Overdue, and a reminder that fires while the page is open as a notice with Done', async () => {
    const { context, page } = await phone();
    try {
      const past = new Date(Date.now() - 3 * 3_600_000).toISOString();
      expect((await service.request('ivan', '/tasks', jsonRequest('POST', { title: 'Renew passport', dueAt: past }))).status).toBe(201);
      await signInByLink(page, service, 'ivan');
      await page.getByRole('region', { name: 'Overdue' }).getByRole('checkbox', { name: 'Complete Renew passport' }).waitFor();

      // Due in 10 minutes with a reminder an hour before: it fires at once.
      const soon = new Date(Date.now() + 10 * 60_000).toISOString();
      const created = await service.request('ivan', '/tasks', jsonRequest('POST', { title: 'Take the pills', dueAt: soon, remindBefore: 60 }));
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };
      const notice = page.getByRole('alertdialog', { name: 'Reminder: Take the pills' });
      await notice.waitFor({ timeout: 15_000 });
      await expectAccessible(page, 'reminder-notice');
      await screenshot(page, 'reminder-notice');
      await notice.getByRole('button', { name: 'Done' }).click();
      await notice.waitFor({ state: 'detached' });
      await expect.poll(async () => (await restTasks(service, 'ivan')).find((task) => task.id === id)?.status).toBe('completed');

      // Snooze: the reminder fires again 10 minutes from now, the task stays due when it was.
      const other = await service.request('ivan', '/tasks', jsonRequest('POST', { title: 'Call the bank', dueAt: soon, remindBefore: 60 }));
      const { id: otherId } = (await other.json()) as { id: number };
      const second = page.getByRole('alertdialog', { name: 'Reminder: Call the bank' });
      await second.waitFor({ timeout: 15_000 });
      const snoozedAt = Date.now();
      await second.getByRole('button', { name: 'Snooze 10 min' }).click();
      await second.waitFor({ state: 'detached' });
      const snoozed = async () => {
        const response = await service.request('ivan', '/graphql', jsonRequest('POST', { query: `{ task(id: "${otherId}") { dueAt reminderSchedule { snoozedUntil } } }` }));
        return ((await response.json()) as { data: { task: { dueAt: string; reminderSchedule: { snoozedUntil: string | null } } } }).data.task;
      };
      await expect.poll(async () => (await snoozed()).reminderSchedule.snoozedUntil).not.toBeNull();
      const task = await snoozed();
      expect(task.dueAt).toBe(soon);
      expect(new Date(task.reminderSchedule.snoozedUntil!).getTime() - snoozedAt).toBeGreaterThan(9 * 60_000);
    } finally {
      await context.close();
    }
  });

  it('receives text shared from another app (share_target) and opens the review form with its draft', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'judy');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      // What the system share sheet does: a multipart POST navigation to the manifest's action.
      await page.evaluate(() => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/share';
        form.enctype = 'multipart/form-data';
        for (const [name, value] of [['title', ''], ['text', 'water the plants tomorrow at 6pm']]) {
          const input = document.createElement('input');
          input.name = name!;
          input.value = value!;
          form.append(input);
        }
        document.body.append(form);
        form.submit();
      });
      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Water the plants');
      expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('18:00');
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await context.close();
    }
  });

  it('refreshes an expired access token once when two tabs need one at the same moment, and both keep working with the new pair', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'kate');
      const second = await context.newPage();
      await second.goto(`${service.url}/`);
      await second.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      const before = await storedSession(page);
      expect(before).not.toBeNull();
      const refreshes: string[] = [];
      context.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/auth/token' && /refresh_token/.test(request.postData() ?? '')) {
          refreshes.push(request.url());
        }
      });

      // The access token's time is up for both tabs (and the worker's copy) ...
      await expireAccessToken(page);
      await expect.poll(async () => (await storedSession(second))?.accessUntil).toBe(0);
      // ... and both need a token at the same moment: each starts the app anew (the queue, the zone,
      // the live socket all ask for one at once).
      await Promise.all([page.reload(), second.reload()]);
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await second.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await page.getByText('Nothing left for today.').waitFor();
      await second.getByText('Nothing left for today.').waitFor();

      // Both keep working, each live and each able to call the API with the new pair.
      expect((await service.request('kate', '/tasks', jsonRequest('POST', { title: 'Still signed in' }))).status).toBe(201);
      await page.getByRole('checkbox', { name: 'Complete Still signed in' }).waitFor();
      await second.getByRole('checkbox', { name: 'Complete Still signed in' }).click();
      await expect.poll(async () => (await restTasks(service, 'kate'))[0]?.status).toBe('completed');
      await page.getByRole('checkbox', { name: 'Complete Still signed in' }).waitFor({ state: 'detached' });

      // Exactly one refresh was sent, and both tabs (and the worker's copy) hold its pair.
      expect(refreshes).toHaveLength(1);
      const [first, other, shared] = [await storedSession(page), await storedSession(second), await workerSession(page)];
      expect(first?.sessionId).toBe(before!.sessionId);
      expect(first?.refreshToken).not.toBe(before!.refreshToken);
      expect(other?.refreshToken).toBe(first?.refreshToken);
      expect(shared?.refreshToken).toBe(first?.refreshToken);
      // Had a tab spent the old refresh token again, the reuse rule would have ended the session.
      const sessions = await service.database.db.authSession.findMany({ where: { userId: 'kate' }, include: { spentTokens: true } });
      expect(sessions.map((session) => [session.revokedAt, session.spentTokens.length])).toEqual([[null, 1]]);
    } finally {
      await context.close();
    }
  });

  it('stays signed in when a refresh reached the service but its answer never reached the page', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'leo');
      const before = (await storedSession(page))!;
      // The first refresh is sent on to the service, which rotates the token, but the page gets a
      // network error instead of the answer (as when a tab reloads mid-refresh or the connection drops).
      const sent: string[] = [];
      let lost: { refresh_token: string } | null = null;
      await context.route('**/auth/token', async (route) => {
        sent.push(route.request().postData() ?? '');
        if (lost) return route.continue();
        const answer = await route.fetch();
        lost = (await answer.json()) as { refresh_token: string };
        await route.abort('connectionreset');
      });
      await expireAccessToken(page);
      await page.reload();
      await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
      await expect.poll(() => sent.length).toBeGreaterThanOrEqual(2);
      // The page presented its (spent) refresh token again and got the successor it had missed.
      await expect.poll(async () => (await storedSession(page))?.refreshToken).toBe(lost!.refresh_token);
      expect(sent.every((body) => body.includes(before.refreshToken))).toBe(true);
      expect((await service.request('leo', '/tasks', jsonRequest('POST', { title: 'Not signed out' }))).status).toBe(201);
      await page.getByRole('checkbox', { name: 'Complete Not signed out' }).click();
      await expect.poll(async () => (await restTasks(service, 'leo'))[0]?.status).toBe('completed');
      const sessions = await service.database.db.authSession.findMany({ where: { userId: 'leo' }, include: { spentTokens: true } });
      expect(sessions.map((session) => [session.revokedAt, session.spentTokens.length])).toEqual([[null, 1]]);
    } finally {
      await context.close();
    }
  });

  it('catches up after its socket was cut by resuming its subscription, without fetching the list again; refetches when the service no longer has its resume point', async () => {
    const { context, page } = await phone();
    try {
      // The page's WebSocket runs through the test, which can cut it and refuse new ones (a lost network)
      // and sees what the page subscribes with.
      let down = false;
      let refused = 0;
      let forgetResumePoint = false;
      const open = new Map<WebSocketRoute, WebSocketRoute>();
      const taskSubscriptions: Record<string, unknown>[] = [];
      const delivered: string[] = [];
      await context.routeWebSocket(/\/graphql$/, (ws) => {
        if (down) {
          refused++;
          void ws.close({ code: 1001, reason: 'no network' });
          return;
        }
        const server = ws.connectToServer();
        open.set(ws, server);
        server.onMessage((raw) => {
          const message = JSON.parse(String(raw)) as { type: string; payload?: { data?: { taskChanged?: { id: string } } } };
          if (message.type === 'next' && message.payload?.data?.taskChanged) delivered.push(message.payload.data.taskChanged.id);
          ws.send(raw);
        });
        ws.onMessage((raw) => {
          const message = JSON.parse(String(raw)) as { type: string; payload?: { query?: string; variables?: Record<string, unknown> } };
          if (message.type === 'subscribe' && message.payload?.query?.includes('taskChanged')) {
            const variables = message.payload.variables ?? {};
            // An id the service never issued: answered as one older than its retention (EVENTS_EXPIRED).
            if (forgetResumePoint && variables.after) variables.after = '0190d1f2-0000-7000-8000-000000000000';
            taskSubscriptions.push({ ...variables });
            message.payload.variables = variables;
          }
          server.send(JSON.stringify(message));
        });
        ws.onClose(() => void server.close());
      });
      const cut = async () => {
        down = true;
        refused = 0;
        for (const [ws, server] of open) {
          await server.close();
          await ws.close({ code: 1001, reason: 'no network' });
        }
        open.clear();
      };
      let listFetches = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && new URL(request.url()).pathname === '/graphql' && /\b(tasks|today)\s*\(/.test(request.postData() ?? '')) listFetches++;
      });

      await signInByLink(page, service, 'nina');
      await page.getByText('Nothing left for today.').waitFor();
      const today = page.getByRole('region', { name: 'Today' });
      // A change arrives live: the page now has an event to resume after. (A change made before the
      // subscription reached the service is not delivered: make one until one is.)
      for (let attempt = 0; delivered.length === 0; attempt++) {
        expect(attempt).toBeLessThan(20);
        expect((await service.request('nina', '/tasks', jsonRequest('POST', { title: 'Seen live' }))).status).toBe(201);
        await expect.poll(() => delivered.length, { timeout: 1_000 }).toBeGreaterThan(0).catch(() => undefined);
      }
      await today.getByRole('checkbox', { name: 'Complete Seen live' }).first().waitFor();
      const fetched = listFetches;
      const resumeAfter = delivered.at(-1);

      await cut();
      expect((await service.request('nina', '/tasks', jsonRequest('POST', { title: 'Made while away' }))).status).toBe(201);
      for (const task of await restTasks(service, 'nina')) {
        if (task.title === 'Seen live') expect((await service.request('nina', `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
      }
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0);
      down = false;
      await today.getByRole('checkbox', { name: 'Complete Made while away' }).waitFor({ timeout: 20_000 });
      await today.getByRole('checkbox', { name: 'Complete Seen live' }).first().waitFor({ state: 'detached' });
      // Replayed after the last event it had received, not fetched again.
      expect(taskSubscriptions.at(-1)).toEqual({ after: resumeAfter });
      expect(listFetches).toBe(fetched);

      // The service no longer has the event it resumes after: the page follows afresh and fetches the list.
      forgetResumePoint = true;
      await cut();
      expect((await service.request('nina', '/tasks', jsonRequest('POST', { title: 'Made while long away' }))).status).toBe(201);
      await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThan(0);
      down = false;
      await today.getByRole('checkbox', { name: 'Complete Made while long away' }).waitFor({ timeout: 20_000 });
      expect(listFetches).toBeGreaterThan(fetched);
      expect(taskSubscriptions.at(-1)).toEqual({});
      // ... and is live again.
      expect((await service.request('nina', '/tasks', jsonRequest('POST', { title: 'Live once more' }))).status).toBe(201);
      await today.getByRole('checkbox', { name: 'Complete Live once more' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it("reads a note in the browser's language, says so on the review form, shows times in the person's locale, and sets the capture language in Settings", async () => {
    const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: 'de-DE' });
    const page = await context.newPage();
    try {
      await signInByLink(page, service, 'greta');
      await page.getByLabel('New task', { exact: true }).fill('Zahnarzt morgen um 15 Uhr');
      await page.getByLabel('New task', { exact: true }).press('Enter');
      await page.getByRole('button', { name: 'Save' }).waitFor();
      expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Zahnarzt');
      expect(await page.getByLabel('Date', { exact: true }).inputValue()).toBe(berlinDay(1));
      expect(await page.getByLabel('Time', { exact: true }).inputValue()).toBe('15:00');
      expect(await page.getByText('Read as German').count()).toBe(1);
      await page.getByRole('button', { name: 'Save' }).click();
      const upcoming = page.getByRole('region', { name: 'Upcoming' });
      await upcoming.getByRole('checkbox', { name: 'Complete Zahnarzt' }).waitFor();
      await expect.poll(async () => (await restTasks(service, 'greta')).length, { timeout: 10_000 }).toBe(1);
      const [saved] = await restTasks(service, 'greta');
      const due = new Date(saved!.dueAt!);
      expect(localDayIn(due)).toBe(berlinDay(1));
      expect(await upcoming.getByText('Morgen, 15:00').count()).toBe(1);

      await page.getByRole('button', { name: 'Settings' }).click();
      const language = page.getByLabel('Capture language');
      await language.waitFor();
      expect(await language.inputValue()).toBe('');
      await language.selectOption({ label: 'French' });
      await expect.poll(async () => (await service.database.db.user.findUnique({ where: { id: 'greta' } }))?.language).toBe('fr');
      await expectAccessible(page, 'settings-language');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('has settings that show this session and sign out of it', async () => {
    const { context, page } = await phone();
    try {
      await signInByLink(page, service, 'gina');
      await page.getByRole('button', { name: 'Settings' }).click();
      await page.getByText('Signed in as').waitFor();
      expect(await page.getByText('gina', { exact: true }).count()).toBe(1);
      await expectAccessible(page, 'settings');
      await screenshot(page, 'settings');
      await page.getByRole('button', { name: 'Sign out', exact: true }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('fits 360 and 430 px wide without horizontal scrolling, with tap targets of at least 44 px, in dark mode too', async () => {
    for (const width of [360, 430]) {
      const context = await browser.newContext({ viewport: { width, height: 800 }, colorScheme: width === 360 ? 'dark' : 'light' });
      const page = await context.newPage();
      try {
        expect((await service.request('hank', '/tasks', jsonRequest('POST', { title: `A rather long task title that has to wrap on a narrow phone ${width}` }))).status).toBe(201);
        await signInByLink(page, service, 'hank');
        await page.getByRole('checkbox', { name: new RegExp(`narrow phone ${width}`) }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow).toBe(0);
        const small = await page.evaluate(() =>
          [...document.querySelectorAll('button, .check, .choice, .file, input:not([type=checkbox]):not([type=radio]):not([type=file])')]
            .map((element) => ({ element, box: element.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && (box.width < 44 || box.height < 44))
            .map(({ element }) => element.outerHTML.slice(0, 80)),
        );
        expect(small).toEqual([]);
        if (width === 360) {
          const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
          expect(background).toBe('rgb(18, 20, 22)');
          await expectAccessible(page, 'queue-dark');
          await screenshot(page, 'queue-dark');
        }
      } finally {
        await context.close();
      }
    }
  });
});
