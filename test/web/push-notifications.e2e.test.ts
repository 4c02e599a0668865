import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../support/browser.js';
import { jsonRequest, startTestService, type TestService } from '../support/test-service.js';
import { expectAccessible, signInByLink } from '../support/web-app.js';

// The web app's push handling in real Chromium: "Turn on reminders" registers a subscription, the
// service worker shows a pushed reminder (delivered with the DevTools protocol, which needs no push
// service) with "Done" and "Snooze 1 hour" (Chrome shows two actions), and those act on the task
// through the API, refreshing a refused access token on the way; the other snooze presets, for
// platforms that show more actions, act through the same handling. See docs/web-app.md#reminders-on-the-phone for what is real here.

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  actions: { action: string; title: string }[];
  data: { taskId?: string; url?: string } | null;
}

interface SharedSession {
  accessToken: string;
  accessUntil: number;
  refreshToken: string;
  sessionId: string;
  updatedAt: number;
}

/** The browser's zone, which the app makes the person's. */
const TIME_ZONE = 'America/New_York';

function zoneDay(instant: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** How long a pushed notification may take to show on a busy machine. */
const SHOW_TIMEOUT_MS = 10_000;

let browser: TestBrowser;
let service: TestService;

beforeAll(async () => {
  browser = await launchBrowser();
  // Loopback subscription endpoints (the test-generated one below) pass the endpoint policy.
  service = await startTestService('sqlite', { env: { WEBHOOK_ALLOW_INSECURE: 'true', PUSH_CONTACT: 'mailto:ops@tickler.example' } });
});

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

/** The notifications the page's service worker registration is showing. */
function shown(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      actions: ((n as unknown as { actions: { action: string; title: string }[] }).actions ?? []).map((a) => ({ action: a.action, title: a.title })),
      data: n.data as ShownNotification['data'],
    }));
  });
}

/** The worker's test hook: runs its notificationclick handling on the notification with this tag. */
function click(page: Page, tag: string, action: string): Promise<{ ok: boolean; error?: string }> {
  return page.evaluate(
    async ({ tag, action }) => {
      const registration = await navigator.serviceWorker.ready;
      const channel = new MessageChannel();
      const answer = new Promise<{ ok: boolean; error?: string }>((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data as { ok: boolean; error?: string });
      });
      registration.active!.postMessage({ type: 'test:notificationclick', tag, action }, [channel.port2]);
      return answer;
    },
    { tag, action },
  );
}

/** The same for a plain tap, which navigates this very page: nothing is waited for. */
function tap(page: Page, tag: string): Promise<void> {
  return page.evaluate(async (tag) => {
    const registration = await navigator.serviceWorker.ready;
    registration.active!.postMessage({ type: 'test:notificationclick', tag, action: '' });
  }, tag);
}

function sharedSession(page: Page): Promise<SharedSession | null> {
  return page.evaluate(
    () =>
      new Promise<SharedSession | null>((resolve, reject) => {
        const open = indexedDB.open('tickler-session', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const get = open.result.transaction('session', 'readonly').objectStore('session').get('current');
          get.onsuccess = () => resolve((get.result as SharedSession | undefined) ?? null);
          get.onerror = () => reject(get.error);
        };
      }),
  );
}

function putSharedSession(page: Page, session: SharedSession): Promise<void> {
  return page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('tickler-session', 1);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('session', 'readwrite');
          tx.objectStore('session').put(value, 'current');
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    session,
  );
}

/** The service worker registration's id for CDP, once it is activated. */
async function registrationId(cdp: CDPSession, scope: string): Promise<string> {
  const ids = new Map<string, string>();
  const active = new Set<string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    for (const registration of registrations) if (!registration.isDeleted) ids.set(registration.scopeURL, registration.registrationId);
  });
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') active.add(version.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  for (let i = 0; i < 100 && !(ids.has(scope) && active.has(ids.get(scope)!)); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  const id = ids.get(scope);
  if (!id || !active.has(id)) throw new Error(`no activated service worker for ${scope}: ${JSON.stringify([...ids])}`);
  return id;
}

async function createTask(user: string, title: string): Promise<string> {
  const dueAt = new Date(Date.now() + 3 * 3600_000).toISOString();
  const response = await service.request(user, '/tasks', jsonRequest('POST', { title, dueAt, remindBefore: 10 }));
  expect(response.status).toBe(201);
  return String(((await response.json()) as { id: number }).id);
}

async function taskState(user: string, id: string): Promise<{ status: string; reminderSchedule: { snoozedUntil: string | null } | null }> {
  const response = await service.request(
    user,
    '/graphql',
    jsonRequest('POST', { query: 'query($id: ID!) { task(id: $id) { status reminderSchedule { snoozedUntil } } }', variables: { id } }),
  );
  return ((await response.json()) as { data: { task: { status: string; reminderSchedule: { snoozedUntil: string | null } | null } } }).data.task;
}

function reminderPayload(taskId: string, title: string, eventId: string): string {
  return JSON.stringify({
    type: 'reminder.due',
    taskId,
    title,
    dueAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    offsetMinutes: 10,
    url: `/tasks/${taskId}`,
    eventId,
  });
}

/**
 * The worker's other test hook: answers once the push with this event id is on display. Waiting on it
 * instead of polling `getNotifications()` matters: a read while Chromium is still putting the
 * notification on display deletes it from the browser's list for good (see web/src/sw-push.ts).
 */
function pushShown(page: Page, eventId: string): Promise<{ ok: boolean; error?: string }> {
  return page.evaluate(
    async ({ eventId, timeout }) => {
      const registration = await navigator.serviceWorker.ready;
      const channel = new MessageChannel();
      const answer = new Promise<{ ok: boolean; error?: string }>((resolve) => {
        channel.port1.onmessage = (event) => resolve(event.data as { ok: boolean; error?: string });
        setTimeout(() => resolve({ ok: false, error: `not shown within ${timeout} ms` }), timeout);
      });
      registration.active!.postMessage({ type: 'test:pushshown', eventId }, [channel.port2]);
      return answer;
    },
    { eventId, timeout: SHOW_TIMEOUT_MS },
  );
}

/** A subscription as a browser makes one (a P-256 key and a 16-byte secret), for a loopback endpoint. */
function generatedSubscription() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return {
    endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
    expirationTime: null,
    keys: { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') },
    deviceName: 'generated by the test',
  };
}

describe('reminders pushed to the web app in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let cdp: CDPSession;
  let registration: string;
  const user = 'pusher';

  /** Pushes a reminder the way the browser's push service would, and waits until it is on display. */
  async function push(taskId: string, title: string): Promise<void> {
    const eventId = randomBytes(8).toString('hex');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: service.url, registrationId: registration, data: reminderPayload(taskId, title, eventId) });
    expect(await pushShown(page, eventId)).toEqual({ ok: true });
  }

  beforeAll(async () => {
    // The page sets the person's zone to the browser's: "tomorrow morning" is 09:00 in New York.
    context = await browser.newContext({ locale: 'en-US', timezoneId: TIME_ZONE });
    await context.grantPermissions(['notifications'], { origin: service.url });
    page = await context.newPage();
    await signInByLink(page, service, user);
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    cdp = await context.newCDPSession(page);
    registration = await registrationId(cdp, `${service.url}/`);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('"Turn on reminders" in settings subscribes and registers this browser', async () => {
    const before = (await (await service.request(user, '/push/subscriptions')).json()) as unknown[];
    expect(before).toEqual([]);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Reminders are off').waitFor();
    await page.getByRole('button', { name: 'Turn on reminders' }).click();
    const on = page.getByText('Reminders are on');
    const failed = page.getByRole('alert').filter({ hasText: 'Reminders could not be turned on' });
    await on.or(failed).waitFor();
    if (await on.isVisible()) {
      const subscriptions = (await (await service.request(user, '/push/subscriptions')).json()) as { endpoint: string; deviceName: string }[];
      expect(subscriptions).toHaveLength(1);
      expect(subscriptions[0]!.deviceName).toBe('Chrome on Linux');
      const endpoint = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint);
      expect(subscriptions[0]!.endpoint).toBe(endpoint);
    } else {
      // Headless Chromium without its push service (FCM, no network here) cannot subscribe: the app
      // says so, and the test registers a subscription made the way a browser makes one instead.
      console.log(`push subscribe in Chromium: ${await failed.textContent()}`);
      const response = await service.request(user, '/push/subscriptions', jsonRequest('POST', generatedSubscription()));
      expect(response.status).toBe(201);
    }
    expect((await (await service.request(user, '/push/subscriptions')).json()) as unknown[]).toHaveLength(1);
  });

  it('lists the devices reminders go to in settings, and "Send a test" queues a test push to one and shows the attempt', async () => {
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByRole('region', { name: 'Reminders on this device' });
    const [device] = (await (await service.request(user, '/push/subscriptions')).json()) as { deviceName: string }[];
    const item = section.getByRole('listitem').filter({ hasText: device!.deviceName });
    await item.waitFor();
    expect(await item.getByText('Nothing sent yet.').count()).toBe(1);
    await item.getByRole('button', { name: `Send a test notification to ${device!.deviceName}` }).click();
    await section.getByText(`Test sent to ${device!.deviceName}: it shows in a moment.`).waitFor();
    // The dispatcher tried it (delivered to a real push service, or refused by the test's loopback endpoint).
    await item.getByText(/^Test (Today|Yesterday), .*: (delivered|not delivered)/).waitFor({ timeout: SHOW_TIMEOUT_MS });
    await expectAccessible(page, 'settings-push-devices');
    await page.getByRole('button', { name: 'Back' }).click();
  });

  it('shows a pushed reminder with Done and Snooze 1 hour, and "Done" completes the task', async () => {
    const id = await createTask(user, 'Call the dentist');
    await push(id, 'Call the dentist');
    const notification = (await shown(page)).find((n) => n.tag === `task-${id}`)!;
    expect(notification).toMatchObject({
      title: 'Call the dentist',
      // The time as the browser's locale writes it (en-US here: 1:21 PM).
      body: expect.stringMatching(/^Due at \d{1,2}:\d\d/),
      icon: `${service.url}/icons/icon-192.png`,
      // Chromium shows two actions (Notification.maxActions): the rest are in the app.
      actions: [
        { action: 'done', title: 'Done' },
        { action: 'snooze-hour-1', title: 'Snooze 1 hour' },
      ],
      data: { taskId: id, url: `/?task=${id}` },
    });

    // A repeat of the same reminder replaces it (one notification per task).
    await push(id, 'Call the dentist now');
    expect((await shown(page)).filter((n) => n.tag === `task-${id}`).map((n) => n.title)).toEqual(['Call the dentist now']);

    expect((await taskState(user, id)).status).toBe('PENDING');
    expect(await click(page, `task-${id}`, 'done')).toEqual({ ok: true });
    expect((await taskState(user, id)).status).toBe('COMPLETED');
    expect((await shown(page)).filter((n) => n.tag === `task-${id}`)).toEqual([]);
    // Only a notification that is showing can be acted on.
    expect(await click(page, `task-${id}`, 'done')).toEqual({ ok: false, error: 'no such notification' });
  });

  it('a tap on the notification opens the app at the task', async () => {
    const id = await createTask(user, 'Water the ferns');
    await push(id, 'Water the ferns');
    await tap(page, `task-${id}`);
    await page.getByRole('heading', { name: 'Edit task' }).waitFor();
    expect(await page.getByLabel('Title', { exact: true }).inputValue()).toBe('Water the ferns');
    expect(new URL(page.url()).search).toBe(''); // the address is the app's again
    expect((await shown(page)).filter((n) => n.tag === `task-${id}`)).toEqual([]);
    expect((await taskState(user, id)).status).toBe('PENDING');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  it.each([
    ['snooze-hour-1', 60],
    ['snooze-minutes-10', 10],
    // A notification shown by the version before the presets.
    ['snooze', 10],
  ])('the action "%s" snoozes the reminder %i minutes', async (action, minutes) => {
    const title = `Take the pills (${action})`;
    const id = await createTask(user, title);
    await push(id, title);
    const before = Date.now();
    expect(await click(page, `task-${id}`, action)).toEqual({ ok: true });
    const state = await taskState(user, id);
    expect(state.status).toBe('PENDING');
    const snoozedUntil = new Date(state.reminderSchedule!.snoozedUntil!).getTime();
    expect(snoozedUntil).toBeGreaterThanOrEqual(before + minutes * 60_000 - 1000);
    expect(snoozedUntil).toBeLessThanOrEqual(Date.now() + minutes * 60_000 + 1000);
  });

  it('the action "snooze-morning" (where the platform shows it) snoozes the reminder to 09:00 tomorrow in the person’s zone', async () => {
    const id = await createTask(user, 'Pay the gas bill');
    await push(id, 'Pay the gas bill');
    const tomorrow = zoneDay(Date.now() + 86_400_000);
    expect(await click(page, `task-${id}`, 'snooze-morning')).toEqual({ ok: true });
    const until = (await taskState(user, id)).reminderSchedule!.snoozedUntil!;
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(until))).toBe('09:00');
    // Tomorrow as it was when the action was taken (the test may straddle midnight).
    expect([tomorrow, zoneDay(Date.now() + 86_400_000)]).toContain(zoneDay(Date.parse(until)));
  });

  it('refreshes a refused access token in the worker, keeps the rotated pair, and the page takes it over', async () => {
    const session = (await sharedSession(page))!;
    expect(session.refreshToken).toMatch(/^[\w-]{43}$/);
    // An access token the service refuses, though the worker thinks it is still good: the API answers 401.
    await putSharedSession(page, { ...session, accessToken: 'not.a.token' });

    const id = await createTask(user, 'Renew the passport');
    await push(id, 'Renew the passport');
    expect(await click(page, `task-${id}`, 'done')).toEqual({ ok: true });
    expect((await taskState(user, id)).status).toBe('COMPLETED');

    const rotated = (await sharedSession(page))!;
    expect(rotated.sessionId).toBe(session.sessionId);
    expect(rotated.refreshToken).not.toBe(session.refreshToken);
    expect(rotated.accessToken).not.toBe('not.a.token');

    // The page still holds the spent refresh token; when its access token runs out it takes the
    // worker's newer pair instead of reusing the spent one (which would end the session).
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('tickler.session')!) as { accessUntil: number };
      localStorage.setItem('tickler.session', JSON.stringify({ ...stored, accessUntil: 0 }));
    });
    await page.goto(`${service.url}/`);
    await page.getByRole('heading', { name: 'Today', exact: true }).waitFor();
    const pageSession = await page.evaluate(() => JSON.parse(localStorage.getItem('tickler.session')!) as { refreshToken: string });
    expect(pageSession.refreshToken).toBe(rotated.refreshToken);
    const sessions = await service.request(user, '/graphql', jsonRequest('POST', { query: '{ sessions { id } }' }));
    expect(((await sessions.json()) as { data: { sessions: { id: string }[] } }).data.sessions.map((s) => s.id)).toContain(session.sessionId);
  });

  it('brings the notification back saying why when the action cannot be done (signed out)', async () => {
    const id = await createTask(user, 'Book the flight');
    // Signed out where it counts, on the server: whichever copy of the session the worker finds (the
    // page keeps writing its own back while it runs), its access token and refresh token are refused.
    const { sessionId } = (await sharedSession(page))!;
    const revoked = await service.request(
      user,
      '/graphql',
      jsonRequest('POST', { query: 'mutation($id: ID!) { revokeSession(id: $id) }', variables: { id: sessionId } }),
    );
    expect(await revoked.json()).toEqual({ data: { revokeSession: true } });
    await push(id, 'Book the flight');
    expect(await click(page, `task-${id}`, 'done')).toMatchObject({ ok: false });
    expect((await taskState(user, id)).status).toBe('PENDING');
    const [again] = (await shown(page)).filter((n) => n.tag === `task-${id}`);
    expect(again).toMatchObject({ title: 'Book the flight', body: 'Not marked done. Open Tickler and sign in again.' });
    expect(again!.actions.map((a) => a.title)).toEqual(['Done', 'Snooze 1 hour']);
  });
});
