import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLoginCode } from '../../src/auth/create-login-code.js';
import { issueLocalToken } from '../../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../../src/auth/local-signing-key.js';
import { systemClock } from '../../src/clock.js';
import type { DatabaseProvider } from '../../src/config.js';
import { startPushService, waitFor, type PushServiceStandIn } from '../push/support/push-service.js';
import { expectErrorResponse } from '../support/error-body.js';
import { expectTokens, postRefresh, signIn, statusWith } from '../support/sign-in.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';

const CONTACT = 'mailto:ops@tickler.example';
type Row = Record<string, unknown>;

/** Every table of the service's database, whatever migrations made it (so a future table is covered too). */
async function allTables(service: TestService, provider: DatabaseProvider): Promise<string[]> {
  const rows =
    provider === 'sqlite'
      ? await service.database.db.$queryRawUnsafe<Row[]>(
          "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'",
        )
      : await service.database.db.$queryRawUnsafe<Row[]>(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'",
        );
  return rows.map((row) => String(row.name)).sort();
}

const asText = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));

/** Every row of every table, as JSON text, by table. */
async function dumpDatabase(service: TestService, provider: DatabaseProvider): Promise<Map<string, Row[]>> {
  const dump = new Map<string, Row[]>();
  for (const table of await allTables(service, provider)) {
    dump.set(table, await service.database.db.$queryRawUnsafe<Row[]>(`SELECT * FROM "${table}"`));
  }
  return dump;
}

/** How many rows of each table mention the text (a user id, a session id, an event id). */
function rowsMentioning(dump: Map<string, Row[]>, text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const [table, rows] of dump) {
    const count = rows.filter((row) => asText(row).includes(text)).length;
    if (count > 0) counts[table] = count;
  }
  return counts;
}

describe.each(PROVIDERS)('DELETE /me on %s', (provider) => {
  let service: TestService;
  let receiver: Receiver;
  let pushService: PushServiceStandIn;
  let publicKey = '';

  beforeAll(async () => {
    service = await startTestService(provider, {
      env: {
        WEBHOOK_ALLOW_INSECURE: 'true',
        PUSH_CONTACT: CONTACT,
        REMINDER_SWEEP_INTERVAL: '100ms',
        WEBHOOK_SWEEP_INTERVAL: '100ms',
        WEBHOOK_TIMEOUT: '1s',
      },
    });
    receiver = await startReceiver();
    publicKey = ((await (await service.request('anyone', '/push/vapid-public-key')).json()) as { publicKey: string }).publicKey;
    pushService = await startPushService({ publicKey: () => publicKey, contact: CONTACT });
  });
  afterAll(async () => {
    await service?.close();
    await receiver?.close();
    await pushService?.close();
  });

  /** Gives a user data of every kind, through the real API; answers its signed-in session's tokens. */
  async function fillAccount(user: string) {
    const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
      const init = jsonRequest('POST', body);
      const response = await service.request(user, path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
      return (await response.json()) as Record<string, any>;
    };
    await post('/webhooks', { url: `${receiver.url}/${user}` });
    const browser = pushService.subscribe();
    await post('/push/subscriptions', { endpoint: browser.endpoint, expirationTime: null, keys: browser.keys });
    await service.request(user, '/calendar/feed', { method: 'POST' });
    // An app password, and a task a CalDAV client wrote with it (a caldav_objects row).
    const { password } = await post('/me/app-passwords', { name: `${user}'s phone` });
    const vtodo = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//t//EN', 'BEGIN:VTODO', `UID:${user}-phone-task`, 'SUMMARY:from the phone', 'X-APPLE-SORT-ORDER:1', 'END:VTODO', 'END:VCALENDAR', ''];
    const put = await fetch(`${service.url}/dav/calendars/${encodeURIComponent(user)}/inbox/${user}-phone-task.ics`, {
      method: 'PUT',
      headers: { authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`, 'content-type': 'text/calendar' },
      body: vtodo.join('\r\n'),
    });
    expect(put.status, await put.clone().text()).toBe(201);
    // A repeating task completed once (a completed occurrence), a reminder that fires, an idempotent create.
    const repeating = await post('/tasks', { title: `${user} bins`, dueAt: '2026-11-23T07:00:00Z', recurrence: 'FREQ=WEEKLY;BYDAY=MO' });
    expect((await service.request(user, `/tasks/${repeating.id}`, { method: 'DELETE' })).status).toBe(204);
    const reminded = await post('/tasks', { title: `${user} pills`, dueAt: new Date(Date.now() + 1500).toISOString(), remindBefore: 0 });
    await post('/tasks', { title: `${user} once` }, { 'idempotency-key': `key-${user}` });
    // An imported task (it keeps an import key).
    const imported = await service.request(user, '/me/import', jsonRequest('POST', { format: 'tickler.export/1', tasks: [{ title: `${user} imported` }] }));
    expect(imported.status).toBe(200);
    // A session from a sign-in link, refreshed once (a spent refresh token), and a code not used yet.
    const first = await signIn(service, user);
    const session = await expectTokens(await postRefresh(service, first.refresh_token));
    await createLoginCode({ db: service.database.db, clock: systemClock, userId: user });

    await waitFor(async () => {
      const reminder = await service.database.db.reminder.findUnique({ where: { taskId_slot: { taskId: BigInt(reminded.id), slot: 0 } } });
      return reminder?.state === 'fired';
    }, `${user}'s reminder`);
    await waitFor(async () => {
      const webhooks = await service.database.db.webhookDelivery.count({ where: { userId: user, state: 'pending' } });
      const pushes = await service.database.db.pushDelivery.count({ where: { userId: user, state: 'pending' } });
      const attempts = await service.database.db.pushAttempt.count({ where: { delivery: { userId: user } } });
      // The push's reminder.delivered event too, and every event fanned out (its webhook deliveries
      // made): that event reaches the fan-out in a later pass than the push that raised it.
      const delivered = await service.database.db.event.count({ where: { userId: user, type: 'reminder.delivered' } });
      const unfanned = await service.database.db.event.count({ where: { userId: user, fannedOutAt: null } });
      return webhooks === 0 && pushes === 0 && attempts > 0 && delivered > 0 && unfanned === 0;
    }, `${user}'s deliveries`);
    return session;
  }

  it("deletes every row of the caller's account in every table, leaves the other user's alone, and refuses the old tokens", async () => {
    const gone = `gone-${provider}-${Date.now()}`;
    const kept = `kept-${provider}-${Date.now()}`;
    const goneSession = await fillAccount(gone);
    const keptSession = await fillAccount(kept);
    const oldToken = await service.token(gone);
    expect(await statusWith(service, oldToken)).toBe(200);
    expect(await statusWith(service, goneSession.access_token)).toBe(200);

    const before = await dumpDatabase(service, provider);
    // Every kind of data exists for the user about to go (directly or through what it owns).
    for (const table of ['users', 'tasks', 'task_completions', 'reminders', 'events', 'webhook_endpoints', 'webhook_deliveries',
      'push_subscriptions', 'push_deliveries', 'calendar_feeds', 'login_codes', 'auth_sessions', 'idempotency_keys', 'task_import_keys', 'app_passwords', 'caldav_objects']) {
      expect(rowsMentioning(before, gone)[table], table).toBeGreaterThan(0);
    }
    const goneIds = {
      task_id: new Set((await service.database.db.task.findMany({ where: { userId: gone } })).map((t) => String(t.id))),
      endpoint_id: new Set((await service.database.db.webhookEndpoint.findMany({ where: { userId: gone } })).map((e) => String(e.id))),
      subscription_id: new Set((await service.database.db.pushSubscription.findMany({ where: { userId: gone } })).map((s) => String(s.id))),
      'webhook_attempts.delivery_id': new Set((await service.database.db.webhookDelivery.findMany({ where: { userId: gone } })).map((d) => String(d.id))),
      'push_attempts.delivery_id': new Set((await service.database.db.pushDelivery.findMany({ where: { userId: gone } })).map((d) => String(d.id))),
    };
    expect((before.get('webhook_attempts') ?? []).some((a) => goneIds['webhook_attempts.delivery_id'].has(String(a.delivery_id)))).toBe(true);
    expect((before.get('push_attempts') ?? []).some((a) => goneIds['push_attempts.delivery_id'].has(String(a.delivery_id)))).toBe(true);
    const sessionIds = (await service.database.db.authSession.findMany({ where: { userId: gone } })).map((s) => s.id);
    const eventIds = (await service.database.db.event.findMany({ where: { userId: gone } })).map((e) => e.id);
    expect(rowsMentioning(before, sessionIds[0]!).spent_refresh_tokens).toBe(1);
    const keptBefore = await (await service.request(kept, '/me/export')).json();

    const response = await service.request(gone, '/me', { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');

    const after = await dumpDatabase(service, provider);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const needle of [gone, ...sessionIds, ...eventIds]) expect(rowsMentioning(after, needle), needle).toEqual({});
    for (const [table, rows] of after) {
      for (const row of rows) {
        for (const [column, value] of Object.entries(row)) {
          const ids =
            (goneIds as Record<string, Set<string>>)[`${table}.${column}`] ??
            (column === 'delivery_id' ? undefined : (goneIds as Record<string, Set<string>>)[column]);
          if (column === 'delivery_id' && !(`${table}.${column}` in goneIds)) throw new Error(`${table}.delivery_id: which deliveries?`);
          if (ids && value !== null) expect(ids.has(String(value)), `${table}.${column} = ${String(value)}`).toBe(false);
        }
      }
    }
    // The other user's rows are all still there, and its account reads as before.
    expect(rowsMentioning(after, kept)).toEqual(rowsMentioning(before, kept));
    expect(await (await service.request(kept, '/me/export')).json()).toEqual({ ...(keptBefore as object), exportedAt: expect.any(String) });
    expect(await statusWith(service, keptSession.access_token)).toBe(200);

    // Tokens issued until the deletion are refused: plain, session, refresh.
    await expectErrorResponse(await fetch(`${service.url}/tasks`, { headers: { authorization: `Bearer ${oldToken}` } }), 401);
    expect(await statusWith(service, goneSession.access_token)).toBe(401);
    expect((await postRefresh(service, goneSession.refresh_token)).status).toBe(400);
    const graphql = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${oldToken}` },
      body: JSON.stringify({ query: '{ tasks { edges { node { id } } } }' }),
    });
    expect(((await graphql.json()) as any).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    // Only a hash of the user id marks the deletion.
    const marker = await service.database.db.accountDeletion.findFirstOrThrow();
    expect(marker.userHash).toMatch(/^[0-9a-f]{64}$/);

    // A token issued after the deletion is a new user, with an empty account.
    while (Math.floor(Date.now() / 1000) <= Math.floor(marker.deletedAt.getTime() / 1000)) await new Promise((r) => setTimeout(r, 50));
    const fresh = await issueLocalToken({ key: await loadOrCreateLocalSigningKey(service.dataDir), userId: gone, ttlSeconds: 600 });
    const asNew = (path: string, init: RequestInit = {}) =>
      fetch(`${service.url}${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${fresh}` } });
    expect(await (await asNew('/me/export')).json()).toMatchObject({ tasks: [], webhookEndpoints: [], pushSubscriptions: [], calendarFeed: { enabled: false } });
    expect((await asNew('/tasks', jsonRequest('POST', { title: 'fresh start' }))).status).toBe(201);
    expect(await (await asNew('/tasks')).json()).toMatchObject([{ title: 'fresh start' }]);
    expect(await statusWith(service, oldToken)).toBe(401);
  });

  it('deleteAccount (GraphQL) deletes the account the same way; DELETE /me needs a token', async () => {
    const user = `graphql-gone-${provider}`;
    const token = await service.token(user);
    expect((await service.request(user, '/tasks', jsonRequest('POST', { title: 'mine', remindBefore: 10, dueAt: '2027-01-01T09:00:00Z' }))).status).toBe(201);
    const answer = await fetch(`${service.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'mutation { deleteAccount }' }),
    });
    expect(await answer.json()).toEqual({ data: { deleteAccount: true } });
    expect(await service.database.db.task.count({ where: { userId: user } })).toBe(0);
    expect(await service.database.db.reminder.count({ where: { userId: user } })).toBe(0);
    expect(await service.database.db.user.count({ where: { id: user } })).toBe(0);
    expect(await statusWith(service, token)).toBe(401);
    await expectErrorResponse(await service.request(null, '/me', { method: 'DELETE' }), 401);
  });
});
