import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Floor } from '../../src/events/uuid-v7.js';
import { pruneHistory } from '../../src/retention/prune-history-job.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { startReceiver, waitUntil, type Receiver } from '../webhooks/support/receiver.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-11-21T12:00:00.000Z');
const RETENTION = { eventRetentionMs: 7 * DAY, webhookLogRetentionMs: 30 * DAY };

/** The millisecond a UUIDv7 carries (its first 48 bits). */
const millisOf = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);

/**
 * An event id made at `ms`. Not uuidv7(ms): that generator never goes back in time within a process,
 * and these tests need ids from the past in any order.
 */
let sequence = 0;
const idAt = (ms: number) => `${uuidv7Floor(ms).slice(0, 24)}${(sequence += 1).toString(16).padStart(12, '0')}`;

describe('uuidv7Floor', () => {
  it('sorts, as text, at or below the ids of its millisecond and above those of earlier ones', () => {
    for (let i = 0; i < 2_000; i += 1) {
      const id = uuidv7();
      const ms = millisOf(id);
      expect(uuidv7Floor(ms) <= id).toBe(true);
      expect(uuidv7Floor(ms + 1) > id).toBe(true);
      expect(uuidv7Floor(ms - 1) < uuidv7Floor(ms)).toBe(true);
    }
    expect(uuidv7Floor(NOW)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7000-8000-000000000000$/);
    expect(millisOf(uuidv7Floor(NOW))).toBe(NOW);
    expect(millisOf(idAt(NOW - DAY))).toBe(NOW - DAY);
  });
});

describe.each(PROVIDERS)('pruning history on %s', (provider) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => database?.close());

  const prune = (now = NOW) => pruneHistory({ db: database.db, provider, now: () => new Date(now), retention: RETENTION });

  async function event(ageMs: number, state: { published: boolean; fannedOut: boolean }) {
    const at = new Date(NOW - ageMs);
    const id = idAt(at.getTime());
    await database.db.event.create({
      data: {
        id,
        type: 'task.created',
        userId: 'u',
        occurredAt: at,
        payload: '{}',
        publishedAt: state.published ? at : null,
        fannedOutAt: state.fannedOut ? at : null,
      },
    });
    return id;
  }

  it('deletes only events older than the retention that were published and fanned out', async () => {
    const old = await event(8 * DAY, { published: true, fannedOut: true });
    const older = await event(400 * DAY, { published: true, fannedOut: true });
    const unpublished = await event(9 * DAY, { published: false, fannedOut: true });
    const notFannedOut = await event(9 * DAY, { published: true, fannedOut: false });
    const recent = await event(6 * DAY, { published: true, fannedOut: true });
    const justInside = await event(7 * DAY - 1000, { published: true, fannedOut: true });

    expect((await prune()).events).toBe(2);
    const left = (await database.db.event.findMany({ select: { id: true } })).map((e) => e.id).sort();
    expect(left).toEqual([unpublished, notFannedOut, recent, justInside].sort());
    expect(left).not.toContain(old);
    expect(left).not.toContain(older);
    expect((await prune()).events).toBe(0);
  });

  it('deletes more than one batch in a run', async () => {
    await database.db.event.deleteMany();
    const at = new Date(NOW - 10 * DAY);
    const rows = Array.from({ length: 2_345 }, () => ({
      id: idAt(at.getTime()),
      type: 'task.updated',
      userId: 'bulk',
      occurredAt: at,
      payload: '{}',
      publishedAt: at,
      fannedOutAt: at,
    }));
    for (let i = 0; i < rows.length; i += 500) await database.db.event.createMany({ data: rows.slice(i, i + 500) });
    const kept = await event(DAY, { published: true, fannedOut: true });
    expect((await prune()).events).toBe(2_345);
    expect((await database.db.event.findMany()).map((e) => e.id)).toEqual([kept]);
  });

  it('deletes delivered and failed deliveries with their attempts after the log retention, and pending ones only of a disabled endpoint', async () => {
    const endpoint = await database.db.webhookEndpoint.create({
      data: { userId: 'u', url: 'https://example.com/hook', events: '["task.created"]', secret: 'whsec_x' },
    });
    const disabled = await database.db.webhookEndpoint.create({
      data: { userId: 'u', url: 'https://example.com/off', events: '["task.created"]', secret: 'whsec_y', enabled: false },
    });
    const delivery = async (state: string, ageMs: number, endpointId = endpoint.id) => {
      const at = new Date(NOW - ageMs);
      const row = await database.db.webhookDelivery.create({
        data: {
          endpointId,
          userId: 'u',
          eventId: idAt(at.getTime()),
          eventType: 'task.created',
          payload: '{}',
          state,
          attemptCount: 1,
          nextAttemptAt: state === 'pending' ? new Date(NOW + 1000) : null,
          createdAt: at,
          updatedAt: at,
        },
      });
      await database.db.webhookAttempt.create({
        data: { deliveryId: row.id, endpointId, attempt: 1, attemptedAt: at, statusCode: 500, latencyMs: 3 },
      });
      return row.id;
    };
    const oldDelivered = await delivery('delivered', 31 * DAY);
    const oldFailed = await delivery('failed', 45 * DAY);
    const oldPending = await delivery('pending', 60 * DAY);
    const recentDelivered = await delivery('delivered', 29 * DAY);
    const recentFailed = await delivery('failed', DAY);
    const abandoned = await delivery('pending', 31 * DAY, disabled.id);
    const waitingForEnable = await delivery('pending', 29 * DAY, disabled.id);

    expect((await prune()).webhookDeliveries).toBe(3);
    const kept = [oldPending, recentDelivered, recentFailed, waitingForEnable];
    const left = (await database.db.webhookDelivery.findMany({ select: { id: true }, orderBy: { id: 'asc' } })).map((d) => d.id);
    expect(left).toEqual(kept);
    const attempts = await database.db.webhookAttempt.findMany({ select: { deliveryId: true }, orderBy: { deliveryId: 'asc' } });
    expect(attempts.map((a) => a.deliveryId)).toEqual(kept);
    for (const gone of [oldDelivered, oldFailed, abandoned]) expect(left).not.toContain(gone);
    expect(await database.db.webhookEndpoint.count()).toBe(2);
    expect((await prune()).webhookDeliveries).toBe(0);
  });
});

describe.each(PROVIDERS)('the prune-history job in a running service on %s', (provider) => {
  let service: TestService;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    service = await startTestService(provider, {
      env: {
        WEBHOOK_ALLOW_INSECURE: 'true',
        WEBHOOK_SWEEP_INTERVAL: '100ms',
        EVENT_RETENTION: '1s',
        WEBHOOK_LOG_RETENTION: '1s',
        PRUNE_INTERVAL: '250ms',
      },
    });
  });
  afterEach(async () => {
    for (const receiver of receivers.splice(0)) await receiver.close();
  });
  afterAll(async () => service?.close());

  it('removes a delivered event and its delivery log once they are past retention, after the receiver got it', async () => {
    const hook = await startReceiver();
    receivers.push(hook);
    const registered = await service.request('pruned', '/webhooks', jsonRequest('POST', { url: hook.url, events: ['task.created'] }));
    expect(registered.status).toBe(201);
    const endpointId = BigInt(((await registered.json()) as { id: number }).id);
    expect((await service.request('pruned', '/tasks', jsonRequest('POST', { title: 'short-lived history' }))).status).toBe(201);

    await waitUntil(() => hook.received.length === 1, 'the delivery');
    await waitUntil(async () => (await service.database.db.webhookAttempt.count({ where: { endpointId } })) === 1, 'the attempt log');
    await waitUntil(
      async () =>
        (await service.database.db.event.count({ where: { userId: 'pruned' } })) === 0 &&
        (await service.database.db.webhookDelivery.count({ where: { endpointId } })) === 0 &&
        (await service.database.db.webhookAttempt.count({ where: { endpointId } })) === 0,
      'the event, the delivery and its attempt to be pruned',
      15_000,
    );
    // The task and the endpoint are not history: they stay.
    expect(await service.database.db.task.count({ where: { userId: 'pruned' } })).toBe(1);
    expect(await service.database.db.webhookEndpoint.count({ where: { id: endpointId } })).toBe(1);
    expect(hook.received).toHaveLength(1);
  });
});
