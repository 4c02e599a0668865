import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

describe.each(PROVIDERS)('lists on REST (%s)', (provider) => {
  let service: TestService;
  const lists = async (user: string) => (await (await service.request(user, '/lists')).json()) as any[];
  const makeList = (user: string, body: unknown, headers: Record<string, string> = {}) =>
    service.request(user, '/lists', { ...jsonRequest('POST', body), headers: { 'content-type': 'application/json', ...headers } });
  const patchList = (user: string, id: number | bigint, body: unknown) =>
    service.request(user, `/lists/${id}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify(body) });
  const listCount = () => service.database.db.list.count();

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('gives a new user an Inbox, listed first, and makes lists sorted by name with 201 and Location', async () => {
    expect(await lists('amy')).toEqual([
      { id: expect.any(Number), name: 'Inbox', color: null, inbox: true, role: 'owner', memberCount: 1, openCount: 0, membersCanInvite: false },
    ]);
    const groceries = await makeList('amy', { name: '  Groceries ', color: '#A1B2C3' });
    expect(groceries.status).toBe(201);
    const body = (await groceries.json()) as any;
    expect(body).toEqual({ id: expect.any(Number), name: 'Groceries', color: '#a1b2c3', inbox: false, role: 'owner', memberCount: 1, openCount: 0, membersCanInvite: false });
    expect(groceries.headers.get('location')).toBe(`/lists/${body.id}`);
    expect((await makeList('amy', { name: 'at home' })).status).toBe(201);
    expect((await lists('amy')).map((l) => l.name)).toEqual(['Inbox', 'at home', 'Groceries']);
    expect(await (await service.request('amy', `/lists/${body.id}`)).json()).toEqual(body);
  });

  it('counts open tasks and shows shared lists with the caller’s role', async () => {
    const shared = await makeSharedList(service.database.db, 'bob', 'Band', { amy: 'viewer' });
    await service.request('bob', '/tasks', jsonRequest('POST', { title: 'rehearse', listId: Number(shared) }));
    const done = (await (await service.request('bob', '/tasks', jsonRequest('POST', { title: 'tune', listId: Number(shared) }))).json()) as any;
    await service.request('bob', `/tasks/${done.id}`, { method: 'DELETE' });
    const band = (await lists('amy')).find((l) => l.name === 'Band');
    expect(band).toMatchObject({ id: Number(shared), role: 'viewer', memberCount: 2, openCount: 1, inbox: false });
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name of 101 characters', { name: 'x'.repeat(101) }],
    ['a name that is no string', { name: 7 }],
    ['no name', { color: '#000000' }],
    ['a color that is no #rrggbb', { name: 'Red', color: 'red' }],
    ['a short color', { name: 'Red', color: '#fff' }],
  ])('refuses %s with 400 and makes nothing', async (_name, body) => {
    await lists('cal'); // the Inbox, made on first sight
    const before = await listCount();
    await expectErrorResponse(await makeList('cal', body), 400);
    expect(await listCount()).toBe(before);
  });

  it('refuses a second list of the same name in any letter case (409), on create and rename', async () => {
    expect((await makeList('dan', { name: 'Work' })).status).toBe(201);
    await expectErrorResponse(await makeList('dan', { name: ' WORK ' }), 409);
    await expectErrorResponse(await makeList('dan', { name: 'inbox' }), 409);
    const other = (await (await makeList('dan', { name: 'Play' })).json()) as any;
    await expectErrorResponse(await patchList('dan', other.id, { name: 'work' }), 409);
    // Another owner may use the name.
    expect((await makeList('eli', { name: 'Work' })).status).toBe(201);
  });

  it('stops at 500 lists per owner, the Inbox included', async () => {
    const now = new Date();
    await service.request('fay', '/lists');
    await service.database.db.list.createMany({
      data: Array.from({ length: 499 }, (_, i) => ({ ownerId: 'fay', name: `l${i}`, nameKey: `l${i}`, createdAt: now, updatedAt: now })),
    });
    await expectErrorResponse(await makeList('fay', { name: 'one too many' }), 409);
    expect(await service.database.db.list.count({ where: { ownerId: 'fay' } })).toBe(500);
  });

  it('renames (the Inbox too), recolors and clears the color with a merge patch; a patch of nothing changes nothing', async () => {
    const inbox = (await lists('gus'))[0];
    const renamed = (await (await patchList('gus', inbox.id, { name: 'Eingang' })).json()) as any;
    expect(renamed).toMatchObject({ id: inbox.id, name: 'Eingang', inbox: true });
    const colored = (await (await patchList('gus', inbox.id, { color: '#00ff00' })).json()) as any;
    expect(colored).toMatchObject({ name: 'Eingang', color: '#00ff00' });
    expect(((await (await patchList('gus', inbox.id, { color: null })).json()) as any).color).toBeNull();
    expect(((await (await patchList('gus', inbox.id, {})).json()) as any).name).toBe('Eingang');
    await expectErrorResponse(await patchList('gus', inbox.id, { name: '' }), 400);
    await expectErrorResponse(await patchList('gus', inbox.id, { membersCanInvite: 'yes' }), 400);
  });

  it('lets owners rename, editors only recolor, viewers nothing, and hides the list from outsiders', async () => {
    const listId = await makeSharedList(service.database.db, 'hal', 'Shared', { ida: 'editor', jon: 'viewer' });
    await expectErrorResponse(await patchList('ida', listId, { name: 'Mine' }), 403);
    expect((await patchList('ida', listId, { color: '#123456' })).status).toBe(200);
    await expectErrorResponse(await patchList('ida', listId, { membersCanInvite: true }), 403);
    await expectErrorResponse(await patchList('jon', listId, { color: '#654321' }), 403);
    await expectErrorResponse(await patchList('kim', listId, { color: '#654321' }), 404);
    await expectErrorResponse(await service.request('kim', `/lists/${listId}`), 404);
    await expectErrorResponse(await service.request('kim', '/lists/999999'), 404);
    expect((await patchList('hal', listId, { name: 'Ours', membersCanInvite: true })).status).toBe(200);
    expect(await (await service.request('jon', `/lists/${listId}`)).json()).toMatchObject({ name: 'Ours', color: '#123456', membersCanInvite: true, role: 'viewer' });
  });

  it('deletes a list with its tasks for its owner only, telling every member of each task; the Inbox stays (409)', async () => {
    const listId = await makeSharedList(service.database.db, 'lea', 'Trip', { max: 'editor' });
    const ids: number[] = [];
    for (const title of ['tickets', 'hotel']) {
      const created = await service.request('max', '/tasks', jsonRequest('POST', { title, listId: Number(listId), dueAt: '2030-01-01T10:00:00Z', remindBefore: 10, labels: ['trip'] }));
      ids.push(((await created.json()) as any).id);
    }
    await expectErrorResponse(await service.request('max', `/lists/${listId}`, { method: 'DELETE' }), 403);
    await expectErrorResponse(await service.request('ned', `/lists/${listId}`, { method: 'DELETE' }), 404);
    expect((await service.request('lea', `/lists/${listId}`, { method: 'DELETE' })).status).toBe(204);
    await expectErrorResponse(await service.request('lea', `/lists/${listId}`), 404);
    expect(await service.database.db.task.count({ where: { id: { in: ids.map(BigInt) } } })).toBe(0);
    expect(await service.database.db.reminder.count({ where: { taskId: { in: ids.map(BigInt) } } })).toBe(0);
    expect(await service.database.db.listMember.count({ where: { listId } })).toBe(0);
    const deletions = await service.database.db.event.findMany({ where: { type: 'task.deleted', taskId: { in: ids.map(BigInt) } } });
    expect(deletions.map((e) => `${e.taskId}:${e.userId}`).sort()).toEqual(ids.flatMap((id) => [`${id}:lea`, `${id}:max`]).sort());
    expect(JSON.parse(deletions[0]!.payload)).toMatchObject({ actor: 'lea', listId: Number(listId), task: { labels: ['trip'] } });
    const inbox = (await lists('lea'))[0];
    await expectErrorResponse(await service.request('lea', `/lists/${inbox.id}`, { method: 'DELETE' }), 409);
    expect((await lists('lea'))[0]).toMatchObject({ inbox: true });
  });

  it('answers a retried create with the same Idempotency-Key once', async () => {
    const headers = { 'idempotency-key': 'list-once-1' };
    const first = await makeList('oli', { name: 'Once' }, headers);
    const again = await makeList('oli', { name: 'Once' }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
  });
});
