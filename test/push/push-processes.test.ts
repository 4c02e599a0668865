import { describe, expect, it } from 'vitest';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../../src/config.js';
import { generateVapidKeys } from '../../src/push/vapid-keys.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import type { ServeProcess } from '../support/cli.js';
import { PROVIDERS } from '../support/test-service.js';
import { setupTicklerProcesses } from '../support/tickler-processes.js';
import { startPushService, waitFor } from './support/push-service.js';

const CONTACT = 'mailto:ops@tickler.example';
const cleanups = cleanupsAfterEach();

/** A fresh VAPID key pair as the settings take it. */
function vapidPair() {
  const { publicKey, privateKey } = generateVapidKeys();
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey };
}

async function setup(provider: DatabaseProvider, prefix: string) {
  const vapid = vapidPair();
  const env = {
    WEBHOOK_ALLOW_INSECURE: 'true',
    PUSH_CONTACT: CONTACT,
    REMINDER_SWEEP_INTERVAL: '100ms',
    // A killed instance's hold on the reminder sweep job must not outlast the test's patience.
    REMINDER_LOCK_LIFETIME: '2s',
    WEBHOOK_TIMEOUT: '1s',
    // Longer than a restart takes, so the restarted process starts while the dead one's claims still hold.
    WEBHOOK_LEASE: '5s',
    // Longer than the test waits: what the dead process held must come back through the restarted
    // dispatcher's own pass once the lease runs out.
    WEBHOOK_SWEEP_INTERVAL: '30s',
    // Several instances share one identity through the environment.
    ...vapid,
  };
  const { dataDir, serve } = await setupTicklerProcesses(provider, { dataDirPrefix: prefix, env }, cleanups);
  const token = async () => issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: 'kim', ttlSeconds: 600 });
  const pushService = await startPushService({ publicKey: () => vapid.VAPID_PUBLIC_KEY, contact: CONTACT });
  cleanups.push(() => pushService.close());
  return { serve, token, pushService };
}

async function call(process: ServeProcess, token: string, pathname: string, init: RequestInit = {}) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers };
  return fetch(`${process.url}${pathname}`, { ...init, headers });
}

async function subscribe(process: ServeProcess, bearer: string, pushService: Awaited<ReturnType<typeof startPushService>>) {
  const browser = pushService.subscribe();
  const response = await call(process, bearer, '/push/subscriptions', {
    method: 'POST',
    body: JSON.stringify({ endpoint: browser.endpoint, expirationTime: null, keys: browser.keys }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

// The lead time must outlast creating every task even on a loaded machine: a reminder already past when
// its task is written is not planned (nothing to push), which would read as a lost message.
const REMINDER_LEAD_MS = 8000;

async function createReminders(process: ServeProcess, bearer: string, count: number, dueInMs = REMINDER_LEAD_MS, from = 0): Promise<number[]> {
  const dueAt = new Date(Date.now() + dueInMs).toISOString();
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = await call(process, bearer, '/tasks', { method: 'POST', body: JSON.stringify({ title: `pill ${from + i}`, dueAt, remindBefore: 0 }) });
    expect(created.status).toBe(201);
    ids.push(((await created.json()) as { id: number }).id);
  }
  return ids;
}

describe.each(PROVIDERS)('push delivery across processes on %s', (provider) => {
  it('loses nothing when the process dies with messages claimed but unanswered: all arrive after a restart', { timeout: 90_000 }, async () => {
    const { serve, token, pushService } = await setup(provider, 'tickler-push-kill-');
    // Stalls every request until the process that sent it is gone.
    pushService.respondWith(() => ({ status: 201, hang: true }));
    const first = await serve();
    const bearer = await token();
    const subscriptionId = await subscribe(first, bearer, pushService);
    const taskIds = await createReminders(first, bearer, 10);
    await waitFor(() => pushService.received.length > 0, 'a push in flight', 30_000);
    expect(await first.stop('SIGKILL')).toBeNull();

    const stalled = pushService.received.length;
    pushService.respondWith(() => ({ status: 201 }));
    const second = await serve();
    const arrivedTaskIds = () => new Set(pushService.received.slice(stalled).map((push) => Number(push.message.taskId)));
    await waitFor(() => arrivedTaskIds().size === taskIds.length, 'every reminder after the restart', 40_000);
    expect([...arrivedTaskIds()].sort((a, b) => a - b)).toEqual(taskIds);
    expect(pushService.rejected).toEqual([]);
    // A message sent again keeps its eventId: one per task.
    const eventIds = new Map<string, Set<string>>();
    for (const push of pushService.received) eventIds.set(push.message.taskId, (eventIds.get(push.message.taskId) ?? new Set()).add(push.message.eventId));
    expect([...eventIds.values()].every((ids) => ids.size === 1)).toBe(true);
    await waitFor(async () => {
      const attempts = (await (await call(second, bearer, `/push/subscriptions/${subscriptionId}/deliveries?limit=100`)).json()) as Array<Record<string, any>>;
      return new Set(attempts.filter((a) => a.statusCode === 201).map((a) => a.deliveryId)).size === taskIds.length;
    }, 'every message logged as delivered');
    await second.stop();
  });

  // One SQLite data directory serves one instance (DATA_DIR/tickler.lock): several need PostgreSQL.
  it.runIf(provider === 'postgresql')('two instances deliver each message once', { timeout: 90_000 }, async () => {
    const { serve, token, pushService } = await setup(provider, 'tickler-push-two-');
    const [a, b] = [await serve(), await serve()];
    const bearer = await token();
    await subscribe(a, bearer, pushService);
    const taskIds = [...(await createReminders(a, bearer, 10)), ...(await createReminders(b, bearer, 10, REMINDER_LEAD_MS, 10))];
    await waitFor(() => new Set(pushService.received.map((push) => push.message.taskId)).size === taskIds.length, 'every reminder', 40_000);
    // Time for a second copy to show up, if one were coming.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(pushService.received).toHaveLength(taskIds.length);
    expect(pushService.rejected).toEqual([]);
    await Promise.all([a.stop(), b.stop()]);
  });
});
