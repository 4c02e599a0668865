import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IN_PROGRESS_HOLD_MS } from '../../src/idempotency/answer-once.js';
import { requestFingerprint } from '../../src/idempotency/idempotency-key.js';
import { pruneHistory } from '../../src/retention/prune-history-job.js';
import { expectErrorResponse } from '../support/error-body.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const HOUR = 3_600_000;

function post(service: TestService, user: string, path: string, body: unknown, key?: string): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (key !== undefined) headers['idempotency-key'] = key;
  return service.request(user, path, { method: 'POST', headers, body: JSON.stringify(body) });
}

async function answer(response: Response) {
  return {
    status: response.status,
    body: await response.text(),
    location: response.headers.get('location'),
    replayed: response.headers.get('idempotent-replayed'),
  };
}

describe.each(PROVIDERS)('Idempotency-Key on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true' } });
  });
  afterAll(async () => service?.close());

  const counts = async () => ({
    tasks: await service.database.db.task.count(),
    endpoints: await service.database.db.webhookEndpoint.count(),
    events: await service.database.db.event.count(),
  });

  it('answers a retried POST /tasks with the first answer, Idempotent-Replayed: true, and creates one task', async () => {
    const before = await counts();
    const body = { title: 'Call mom', dueAt: '2026-12-01T17:00:00Z' };
    const first = await answer(await post(service, 'alice', '/tasks', body, 'retry-1'));
    expect(first.status).toBe(201);
    expect(first.replayed).toBeNull();
    for (let i = 0; i < 3; i += 1) {
      const again = await answer(await post(service, 'alice', '/tasks', body, 'retry-1'));
      expect(again).toEqual({ ...first, replayed: 'true' });
    }
    // Key order does not make it another request.
    const reordered = await answer(await post(service, 'alice', '/tasks', { dueAt: body.dueAt, title: body.title }, 'retry-1'));
    expect(reordered.status).toBe(201);
    expect(reordered.body).toBe(first.body);
    expect(await counts()).toEqual({ ...before, tasks: before.tasks + 1, events: before.events + 1 });
  });

  it('refuses the same key with a different body with 422 and creates nothing', async () => {
    await post(service, 'alice', '/tasks', { title: 'first' }, 'reused');
    const before = await counts();
    const refused = await expectErrorResponse(await post(service, 'alice', '/tasks', { title: 'second' }, 'reused'), 422);
    expect(refused.message).toMatch(/Idempotency-Key/);
    // Another operation with the same key is another request too.
    await expectErrorResponse(await post(service, 'alice', '/webhooks', { url: 'http://127.0.0.1:9/x' }, 'reused'), 422);
    expect(await counts()).toEqual(before);
  });

  it('keeps keys per user: the same key from another user is that user\'s own request', async () => {
    const body = { title: 'shared key' };
    const alice = await answer(await post(service, 'alice', '/tasks', body, 'per-user'));
    const bob = await answer(await post(service, 'bob', '/tasks', body, 'per-user'));
    expect(bob.status).toBe(201);
    expect(bob.replayed).toBeNull();
    expect(JSON.parse(bob.body).id).not.toBe(JSON.parse(alice.body).id);
  });

  it('refuses a malformed key with 400 and creates nothing', async () => {
    const before = await counts();
    for (const key of ['', 'has space', 'x'.repeat(256), 'naïve']) {
      const response = await service.request('alice', '/tasks', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': Buffer.from(key, 'utf8').toString('latin1') },
        body: JSON.stringify({ title: 'bad key' }),
      });
      await expectErrorResponse(response, 400);
    }
    expect(await counts()).toEqual(before);
    expect((await post(service, 'alice', '/tasks', { title: 'ok' }, 'x'.repeat(255))).status).toBe(201);
  });

  it('answers 409 while the first request with the key is in progress, and takes over a hold whose instance died', async () => {
    const body = { title: 'in flight', description: '', priority: 'low' };
    const fingerprint = requestFingerprint('createTask', { body, query: {} });
    const now = Date.now();
    await service.database.db.idempotencyKey.create({
      data: {
        userId: 'alice',
        key: 'in-flight',
        requestHash: fingerprint,
        createdAt: new Date(now),
        lockedUntil: new Date(now + IN_PROGRESS_HOLD_MS),
        expiresAt: new Date(now + 24 * HOUR),
      },
    });
    const before = await counts();
    await expectErrorResponse(await post(service, 'alice', '/tasks', body, 'in-flight'), 409);
    expect(await counts()).toEqual(before);
    // The hold ran out (its instance crashed before answering): the retry runs the request.
    await service.database.db.idempotencyKey.update({
      where: { userId_key: { userId: 'alice', key: 'in-flight' } },
      data: { lockedUntil: new Date(now - 1000) },
    });
    const taken = await answer(await post(service, 'alice', '/tasks', body, 'in-flight'));
    expect(taken.status).toBe(201);
    expect((await answer(await post(service, 'alice', '/tasks', body, 'in-flight'))).replayed).toBe('true');
  });

  it('lets a key go when its request fails, so a corrected retry runs', async () => {
    await expectErrorResponse(await post(service, 'alice', '/tasks', { title: '' }, 'fix-me'), 400);
    const fixed = await answer(await post(service, 'alice', '/tasks', { title: 'fixed' }, 'fix-me'));
    expect(fixed.status).toBe(201);
    expect(fixed.replayed).toBeNull();
  });

  it('creates once for concurrent retries: one 201, the others replays or 409', async () => {
    const before = await counts();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => post(service, 'alice', '/tasks', { title: 'burst' }, 'burst').then(answer)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((status) => status === 201 || status === 409), JSON.stringify(statuses)).toBe(true);
    expect(answers.filter((a) => a.status === 201 && a.replayed === null)).toHaveLength(1);
    expect((await counts()).tasks).toBe(before.tasks + 1);
  });

  it('replays POST /webhooks (same secret, one endpoint) and POST /capture?create=true (one task)', async () => {
    const before = await counts();
    const hook = { url: 'http://127.0.0.1:9/hook' };
    const first = await answer(await post(service, 'carol', '/webhooks', hook, 'hook-1'));
    expect(first.status).toBe(201);
    expect(JSON.parse(first.body).secret).toMatch(/^whsec_/);
    expect(await answer(await post(service, 'carol', '/webhooks', hook, 'hook-1'))).toEqual({ ...first, replayed: 'true' });

    const capture = { text: 'call mom tomorrow at 5pm', timeZone: 'Europe/Berlin' };
    const created = await answer(await post(service, 'carol', '/capture?create=true', capture, 'capture-1'));
    expect(created.status).toBe(201);
    expect(await answer(await post(service, 'carol', '/capture?create=true', capture, 'capture-1'))).toEqual({ ...created, replayed: 'true' });
    // A draft stores nothing, so it takes no key: the header is not looked at there.
    expect((await post(service, 'carol', '/capture', capture, 'capture-1')).status).toBe(200);
    expect(await counts()).toMatchObject({ tasks: before.tasks + 1, endpoints: before.endpoints + 1 });
  });

  it('forgets a key after 24 hours: pruned, and a request with it is new again', async () => {
    await post(service, 'dave', '/tasks', { title: 'old' }, 'old-key');
    const row = { userId: 'dave', key: 'old-key' };
    await service.database.db.idempotencyKey.update({ where: { userId_key: row }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const again = await answer(await post(service, 'dave', '/tasks', { title: 'new' }, 'old-key'));
    expect(again).toMatchObject({ status: 201, replayed: null });
    expect(JSON.parse(again.body).title).toBe('new');

    await service.database.db.idempotencyKey.update({ where: { userId_key: row }, data: { expiresAt: new Date(Date.now() + 1000) } });
    const result = await pruneHistory({
      db: service.database.db,
      provider,
      now: () => new Date(Date.now() + 2000),
      retention: { eventRetentionMs: 7 * 24 * HOUR, webhookLogRetentionMs: 30 * 24 * HOUR },
    });
    expect(result.idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await service.database.db.idempotencyKey.findUnique({ where: { userId_key: row } })).toBeNull();
    expect(await service.database.db.idempotencyKey.count()).toBeGreaterThan(0);
  });
});

describe('Idempotency-Key across instances on postgresql', () => {
  let first: TestService;
  let second: TestService;
  beforeAll(async () => {
    first = await startTestService('postgresql');
    second = await startTestService('postgresql', { databaseUrl: first.databaseUrl });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('replays on one instance what another answered, and after that instance is gone', async () => {
    const body = { title: 'made on A' };
    const onA = await answer(await post(first, 'erin', '/tasks', body, 'cross-1'));
    expect(onA.status).toBe(201);
    const onB = await answer(await post(second, 'erin', '/tasks', body, 'cross-1'));
    expect(onB).toEqual({ ...onA, replayed: 'true' });
    await expectErrorResponse(await post(second, 'erin', '/tasks', { title: 'other' }, 'cross-1'), 422);
    expect(await second.database.db.task.count({ where: { userId: 'erin' } })).toBe(1);
  });
});
