/// <reference lib="webworker" />
// Push in the service worker: shows a reminder as a notification with "Done" and "Snooze 1 hour" (more
// snooze presets where the platform shows more actions), acts on them through the API with the session the page shares (web/src/shared-session.ts), and
// refreshes a refused access token with the refresh token, storing the rotated pair.

import { formatClock, formatWhen, localDay } from './model/dates.js';
import { SNOOZE_PRESETS, snoozeFor, type SnoozeFor, type SnoozePresetId } from './model/snooze.js';
import { loadSharedSession, REFRESH_LOCK, saveSharedSession, sessionOf, type SharedSession, type TokenAnswer } from './api/shared-session.js';

declare const self: ServiceWorkerGlobalScope;

/** What the service pushes (docs/push.md). */
interface PushPayload {
  type: string;
  taskId?: string;
  title?: string;
  dueAt?: string | null;
  offsetMinutes?: number | null;
  url?: string;
  eventId?: string;
}

/** What a notification carries for its actions. */
interface ReminderData {
  taskId: string;
  title: string;
  url: string;
}

export const DONE = 'done';
/** A snooze action is `snooze-<preset>`; a bare `snooze` (shown by an earlier version) is 10 minutes. */
const SNOOZE_PREFIX = 'snooze-';
const LEGACY_SNOOZE = 'snooze';
const ICON = '/icons/icon-192.png';

/**
 * The actions in the order they matter: Done, then the presets the email's link and the app agree on
 * first. Chrome shows two (`Notification.maxActions`), so a phone gets "Done" and "Snooze 1 hour"; the
 * other presets are in the app (the task's screen, and the notice while it is open).
 */
const ACTION_ORDER: SnoozePresetId[] = ['hour-1', 'minutes-10', 'morning', 'evening'];

function reminderActions(): { action: string; title: string }[] {
  const max = typeof Notification === 'undefined' ? 2 : ((Notification as unknown as { maxActions?: number }).maxActions ?? 2);
  const snoozes = ACTION_ORDER.map((id) => ({ action: `${SNOOZE_PREFIX}${id}`, title: SNOOZE_PRESETS.find((preset) => preset.id === id)!.label }));
  return [{ action: DONE, title: 'Done' }, ...snoozes].slice(0, Math.max(max, 2));
}

/** The snooze preset an action names, or null for another action. */
function presetOf(action: string): SnoozePresetId | null {
  if (action === LEGACY_SNOOZE) return 'minutes-10';
  const id = action.startsWith(SNOOZE_PREFIX) ? (action.slice(SNOOZE_PREFIX.length) as SnoozePresetId) : null;
  return id && SNOOZE_PRESETS.some((preset) => preset.id === id) ? id : null;
}

function parse(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as unknown;
    return value && typeof value === 'object' && typeof (value as PushPayload).type === 'string' ? (value as PushPayload) : null;
  } catch {
    return null;
  }
}

function dueText(dueAt: string | null | undefined): string {
  if (!dueAt) return 'Reminder';
  const due = new Date(dueAt);
  if (Number.isNaN(due.getTime())) return 'Reminder';
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = formatClock(due, timeZone);
  const now = new Date();
  return localDay(due, timeZone) === localDay(now, timeZone) ? `Due at ${time}` : `Due: ${formatWhen(due, now, timeZone)}`;
}

/** The app's address for a task: the page opens its edit form (`/?task=<id>`). */
function appUrl(taskId: string): string {
  return `/?task=${encodeURIComponent(taskId)}`;
}

async function showPush(payload: PushPayload | null): Promise<void> {
  if (payload?.type === 'reminder.due' && payload.taskId) {
    const data: ReminderData = { taskId: payload.taskId, title: payload.title ?? 'Reminder', url: appUrl(payload.taskId) };
    await self.registration.showNotification(data.title, {
      body: dueText(payload.dueAt),
      icon: ICON,
      badge: ICON,
      // A repeat (at-least-once delivery, a snoozed reminder firing again) replaces the first.
      tag: `task-${payload.taskId}`,
      renotify: true,
      timestamp: Date.now(),
      data,
      actions: reminderActions(),
    } as NotificationOptions);
    return;
  }
  // A test push, or anything this version does not know: shown, so the push is never invisible.
  await self.registration.showNotification(payload?.title ?? 'Tickler', {
    body: payload?.type === 'push.test' ? 'Reminders reach this device.' : 'Open Tickler.',
    icon: ICON,
    tag: 'tickler',
    data: { url: '/' },
  });
}

/**
 * Each handled push's showing, by its event id (the latest few), for the test hook below. A real-browser
 * test must not poll `getNotifications()` while a notification is being shown: Chromium's read deletes
 * from its database every notification created before the read that the platform does not yet report as
 * displayed, so a poll that lands in that window loses the notification for every later read.
 */
const SHOWINGS_KEPT = 50;
const showings = new Map<string, { shown: Promise<void>; settle(showing: Promise<void>): void }>();

function showingOf(eventId: string): { shown: Promise<void>; settle(showing: Promise<void>): void } {
  let entry = showings.get(eventId);
  if (!entry) {
    let settle!: (showing: Promise<void>) => void;
    const shown = new Promise<void>((resolve) => {
      settle = resolve;
    });
    entry = { shown, settle };
    showings.set(eventId, entry);
    if (showings.size > SHOWINGS_KEPT) showings.delete(showings.keys().next().value!);
  }
  return entry;
}

class SignedOut extends Error {}

/** "This evening" taken after 18:00. */
class TooLate extends Error {}

/** Refreshes under the lock the tabs use too; answers the newest session (maybe another's refresh). */
async function refreshed(stale: SharedSession): Promise<SharedSession> {
  return self.navigator.locks.request(REFRESH_LOCK, async (): Promise<SharedSession> => {
    const now = await loadSharedSession();
    if (!now || now.sessionId !== stale.sessionId) throw new SignedOut('signed out');
    if (now.refreshToken !== stale.refreshToken && now.accessUntil > Date.now()) return now;
    const response = await fetch('/auth/token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: now.refreshToken }),
    });
    if (response.status === 400 || response.status === 401) throw new SignedOut('session ended');
    if (!response.ok) throw new Error(`Tickler answered ${response.status}`);
    const next = sessionOf((await response.json()) as TokenAnswer);
    await saveSharedSession(next);
    return next;
  });
}

/**
 * One GraphQL operation with the shared session: a 401 (or an expired token) is refreshed once.
 * Answers its data; null when the task is gone or already done (nothing left to do).
 */
async function graphql(query: string, variables: Record<string, unknown>): Promise<Record<string, unknown> | null> {
  let session = await loadSharedSession();
  if (!session) throw new SignedOut('signed out');
  if (session.accessUntil <= Date.now()) session = await refreshed(session);
  for (let attempt = 0; ; attempt++) {
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${session.accessToken}` },
      body: JSON.stringify({ query, variables }),
    });
    if (response.status === 401 && attempt === 0) {
      session = await refreshed(session);
      continue;
    }
    if (response.status === 401) throw new SignedOut('session ended');
    const answer = (await response.json().catch(() => null)) as { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: { code?: string } }[] } | null;
    const error = answer?.errors?.[0];
    // The task is gone or already done: nothing left to do.
    if (error && error.extensions?.code !== 'NOT_FOUND' && error.extensions?.code !== 'CONFLICT') throw new Error(error.message);
    if (!response.ok && !error) throw new Error(`Tickler answered ${response.status}`);
    return error ? null : (answer?.data ?? null);
  }
}

/**
 * What a snooze preset means now. "This evening" and "tomorrow morning" are the person's wall clock:
 * the zone the service keeps for them (the app sets it), which a worker cannot read from the page.
 */
async function snoozeOf(id: SnoozePresetId): Promise<SnoozeFor> {
  let timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (id === 'evening' || id === 'morning') {
    const me = (await graphql('query Zone { me { timeZone } }', {}))?.me as { timeZone?: string } | undefined;
    timeZone = me?.timeZone ?? timeZone;
  }
  const snooze = snoozeFor(id, new Date(), timeZone);
  if (!snooze) throw new TooLate('this evening has passed');
  return snooze;
}

/** Opens the app at `url`: in a window it already has (navigated there and focused), else a new one. */
async function openApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  const navigated = open ? await open.navigate(target).catch(() => null) : null;
  if (navigated) {
    // Focusing is allowed only while handling the tap itself.
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(target);
}

/**
 * What tapping a notification (or one of its actions) does. An action that fails is never dropped
 * silently: the notification comes back saying why, with its actions, so the person can try again.
 */
export async function handleNotificationClick(notification: Notification, action: string): Promise<void> {
  const data = notification.data as Partial<ReminderData> | null;
  notification.close();
  const preset = presetOf(action);
  if (!data?.taskId || (action !== DONE && !preset)) {
    await openApp(data?.url ?? '/');
    return;
  }
  try {
    if (action === DONE) await graphql('mutation Done($id: ID!) { completeTask(id: $id) { id } }', { id: data.taskId });
    else {
      await graphql('mutation Snooze($id: ID!, $minutes: Int, $until: DateTime) { snoozeReminder(taskId: $id, minutes: $minutes, until: $until) { id } }', {
        id: data.taskId,
        ...(await snoozeOf(preset!)),
      });
    }
  } catch (error) {
    const why =
      error instanceof SignedOut
        ? 'Open Tickler and sign in again.'
        : error instanceof TooLate
          ? 'This evening has passed: open Tickler to pick another time.'
          : `Not saved (${error instanceof Error ? error.message : String(error)}); try again.`;
    await self.registration.showNotification(data.title ?? 'Reminder', {
      body: `${action === DONE ? 'Not marked done' : 'Not snoozed'}. ${why}`,
      icon: ICON,
      tag: notification.tag,
      data,
      actions: reminderActions(),
    } as NotificationOptions);
    throw error;
  }
}

/**
 * Test hooks for real-browser tests, which cannot tap a notification nor see one on screen. Both come
 * from a page of this origin and answer `{ok, error?}` on the message's port; neither can do anything a
 * page of the origin could not do with the API itself.
 * - `{type: 'test:notificationclick', tag, action}` runs the click handling on a notification showing;
 * - `{type: 'test:pushshown', eventId}` answers once the push with that event id is on display (it may
 *   arrive after the question).
 */
async function onTestMessage(event: ExtendableMessageEvent): Promise<void> {
  const message = event.data as { type?: string; tag?: string; action?: string; eventId?: string } | null;
  const port = event.ports[0];
  const answer = async (work: () => Promise<unknown>) => {
    try {
      await work();
      port?.postMessage({ ok: true });
    } catch (error) {
      port?.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
    }
  };
  if (message?.type === 'test:pushshown' && typeof message.eventId === 'string') {
    await answer(() => showingOf(message.eventId!).shown);
    return;
  }
  if (message?.type !== 'test:notificationclick' || typeof message.tag !== 'string') return;
  const [notification] = await self.registration.getNotifications({ tag: message.tag });
  if (!notification) {
    port?.postMessage({ ok: false, error: 'no such notification' });
    return;
  }
  await answer(() => handleNotificationClick(notification, message.action ?? ''));
}

export function listenForPush(): void {
  self.addEventListener('push', (event) => {
    const payload = parse(event.data);
    const shown = showPush(payload);
    if (payload?.eventId) showingOf(payload.eventId).settle(shown);
    event.waitUntil(shown);
  });
  self.addEventListener('notificationclick', (event) => {
    event.waitUntil(handleNotificationClick(event.notification, event.action).catch(() => undefined));
  });
  self.addEventListener('message', (event) => {
    event.waitUntil(onTestMessage(event));
  });
}
