import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneHistory } from '../../src/retention/prune-history-job.js';
import { DeleteTaskMutation } from '../graphql/documents.js';
import { graphqlData } from '../support/graphql-client.js';
import { createManualClock, type ManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { davRequest, expectDavError, makeAppPassword } from './support/dav-client.js';
import { readSync, syncBody } from './support/sync-report.js';

const DAY = 86_400_000;
const RETENTION = { eventRetentionMs: 7 * DAY, webhookLogRetentionMs: 30 * DAY };

describe.each(PROVIDERS)('sync-token lifetime (%s)', (provider) => {
  let service: TestService;
  let clock: ManualClock;
  const user = 'tomas';
  let credentials: { userId: string; password: string };
  const inbox = `/dav/calendars/${user}/inbox/`;
  const sync = (token: string) => davRequest(service, credentials, inbox, { method: 'REPORT', headers: { depth: '0', 'content-type': 'application/xml' }, body: syncBody(token) });
  const newTask = async (title: string) => (await (await service.request(user, '/tasks', jsonRequest('POST', { title }))).json()) as { id: number };
  const prune = () => pruneHistory({ db: service.database.db, provider: service.database.provider, now: () => clock.now(), retention: RETENTION });
  const tombstones = () => service.database.db.caldavChange.count({ where: { deleted: true } });

  beforeAll(async () => {
    clock = createManualClock(new Date('2026-11-01T12:00:00Z'));
    // The service's own prune job stays out of the way: the test runs pruneHistory itself.
    service = await startTestService(provider, { clock, env: { PRUNE_INTERVAL: '1d' } });
    credentials = { userId: user, password: (await makeAppPassword(service, user)).password };
  });
  afterAll(async () => service?.close());

  it('a token stays good for 30 days after a deletion; then the tombstone is pruned and an older token answers valid-sync-token', async () => {
    const kept = await newTask('Kept');
    const dropped = await newTask('Dropped');
    const before = (await readSync(await sync(''))).token;
    await graphqlData(service, user, DeleteTaskMutation, { id: String(dropped.id) });
    const after = (await readSync(await sync(''))).token;
    expect((await prune()).caldavTombstones).toBe(0); // stamped now, day 0

    clock.advance(29 * DAY);
    expect((await prune()).caldavTombstones).toBe(0);
    expect((await readSync(await sync(before))).gone).toEqual([`${inbox}tickler-${dropped.id}.ics`]);

    clock.advance(2 * DAY);
    expect(await tombstones()).toBe(1);
    expect((await prune()).caldavTombstones).toBe(1);
    expect(await tombstones()).toBe(0);
    await expectDavError(await sync(before), 403, 'valid-sync-token');
    // A token given out after the deletion lost nothing and stays good; so does a first sync.
    expect(await readSync(await sync(after))).toEqual({ token: after, changed: {}, gone: [], other: {} });
    expect(Object.keys((await readSync(await sync(''))).changed)).toEqual([`${inbox}tickler-${kept.id}.ics`]);
  });

  it('a tombstone made again (the task moved back and out again) counts its 30 days from the second time', async () => {
    const errands = (await (await service.request(user, '/lists', jsonRequest('POST', { name: 'Errands' }))).json()).id as number;
    const task = await newTask('Wanders');
    const move = (listId: number | null) => service.request(user, `/tasks/${task.id}`, jsonRequest('PATCH', { listId }));
    const start = (await readSync(await sync(''))).token;
    expect((await move(errands)).status).toBe(200);
    await prune(); // stamped on day 0
    clock.advance(10 * DAY);
    const inboxId = (await service.database.db.list.findFirst({ where: { ownerId: user, name: 'Inbox' } }))!.id;
    expect((await move(Number(inboxId))).status).toBe(200);
    clock.advance(10 * DAY);
    const beforeSecond = (await readSync(await sync(''))).token;
    expect((await move(errands)).status).toBe(200);
    await prune(); // stamped again on day 20
    clock.advance(15 * DAY); // day 35: 35 days after the first tombstone, 15 after this one
    expect((await prune()).caldavTombstones).toBe(0);
    expect((await readSync(await sync(beforeSecond))).gone).toEqual([`${inbox}tickler-${task.id}.ics`]);
    expect((await readSync(await sync(start))).gone).toEqual([`${inbox}tickler-${task.id}.ics`]);
    clock.advance(16 * DAY);
    expect((await prune()).caldavTombstones).toBe(1);
    await expectDavError(await sync(beforeSecond), 403, 'valid-sync-token');
  });
});
