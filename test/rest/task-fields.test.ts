import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { makeSharedList } from '../support/lists.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const MERGE_PATCH = { 'content-type': 'application/merge-patch+json' };

describe.each(PROVIDERS)('priority, labels, lists and assignees on REST (%s)', (provider) => {
  let service: TestService;
  let household: bigint;
  let office: bigint;

  const post = (user: string, body: unknown) => service.request(user, '/tasks', jsonRequest('POST', body));
  const create = async (user: string, body: Record<string, unknown>) => {
    const response = await post(user, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as any;
  };
  const patch = (user: string, id: number, body: unknown) =>
    service.request(user, `/tasks/${id}`, { method: 'PATCH', headers: MERGE_PATCH, body: JSON.stringify(body) });
  const list = async (user: string, query = '') => (await (await service.request(user, `/tasks${query}`)).json()) as any[];
  const inboxId = async (user: string) => Number((await service.database.db.list.findFirstOrThrow({ where: { ownerId: user, inbox: true } })).id);
  const taskCount = () => service.database.db.task.count();

  beforeAll(async () => {
    service = await startTestService(provider);
    household = await makeSharedList(service.database.db, 'ann', 'Household', { ben: 'editor', vic: 'viewer' });
    office = await makeSharedList(service.database.db, 'ben', 'Office', { ann: 'viewer' });
  });
  afterAll(async () => service?.close());

  it('creates in the Inbox by default, says who created it, and keeps the six documented fields as they were', async () => {
    const task = await create('ann', { title: 'Plain', description: 'd', dueAt: '2027-01-02T03:04:05Z' });
    expect(task).toMatchObject({ title: 'Plain', description: 'd', dueAt: '2027-01-02T03:04:05.000Z', priority: 'low', status: 'pending' });
    expect(task).toMatchObject({ listId: await inboxId('ann'), labels: [], assigneeId: null, createdBy: 'ann' });
  });

  it('takes urgent as a fourth priority, and filters by priority', async () => {
    const urgent = await create('pri', { title: 'Now', priority: 'urgent' });
    await create('pri', { title: 'Later', priority: 'low' });
    expect(urgent.priority).toBe('urgent');
    expect((await list('pri', '?priority=urgent')).map((t) => t.title)).toEqual(['Now']);
    const patched = await patch('pri', urgent.id, { priority: 'high' });
    expect(((await patched.json()) as any).priority).toBe('high');
    await expectErrorResponse(await service.request('pri', '/tasks?priority=p1'), 400);
  });

  it('keeps labels as first written, once per letter case, and replaces or clears them on PATCH', async () => {
    const task = await create('lab', { title: 'Milk', labels: ['Store', ' errands ', 'store', 'ERRANDS'] });
    expect(task.labels).toEqual(['Store', 'errands']);
    expect(((await (await service.request('lab', `/tasks/${task.id}`)).json()) as any).labels).toEqual(['Store', 'errands']);
    const replaced = (await (await patch('lab', task.id, { labels: ['home', 'Store'] })).json()) as any;
    expect(replaced.labels).toEqual(['home', 'Store']);
    const listed = await list('lab');
    expect(listed.find((t) => t.id === task.id).labels).toEqual(['home', 'Store']);
    const cleared = (await (await patch('lab', task.id, { labels: null })).json()) as any;
    expect(cleared.labels).toEqual([]);
  });

  it.each([
    ['a label with #', ['#tag']],
    ['a label with @', ['a@b']],
    ['a label with a comma', ['a,b']],
    ['an empty label', ['  ']],
    ['a label of 41 characters', ['x'.repeat(41)]],
    ['21 labels', Array.from({ length: 21 }, (_, i) => `l${i}`)],
    ['labels that are not strings', [1]],
  ])('refuses %s with 400 and creates nothing', async (_name, labels) => {
    const before = await taskCount();
    await expectErrorResponse(await post('lab', { title: 'x', labels }), 400);
    expect(await taskCount()).toBe(before);
  });

  it('filters by label in any letter case and counts labels in GET /labels', async () => {
    await create('cnt', { title: 'a', labels: ['Garden'] });
    await create('cnt', { title: 'b', labels: ['garden', 'Shop'] });
    await create('cnt', { title: 'c' });
    expect((await list('cnt', '?label=GARDEN')).map((t) => t.title)).toEqual(['a', 'b']);
    const labels = await service.request('cnt', '/labels');
    expect(labels.status).toBe(200);
    expect(await labels.json()).toEqual([
      { label: 'Garden', count: 2 },
      { label: 'Shop', count: 1 },
    ]);
    expect(await (await service.request('nobody-labels', '/labels')).json()).toEqual([]);
  });

  it("lists every member's tasks of a shared list to every member, and nothing to an outsider", async () => {
    const task = await create('ben', { title: 'Buy bread', listId: Number(household) });
    expect(task).toMatchObject({ listId: Number(household), createdBy: 'ben' });
    for (const member of ['ann', 'ben', 'vic']) {
      expect((await list(member, `?list=${household}`)).map((t) => t.title)).toContain('Buy bread');
      expect((await service.request(member, `/tasks/${task.id}`)).status).toBe(200);
    }
    expect((await list('eve')).map((t) => t.id)).not.toContain(task.id);
    await expectErrorResponse(await service.request('eve', `/tasks/${task.id}`), 404);
    await expectErrorResponse(await service.request('eve', `/tasks?list=${household}`), 404);
  });

  it('lets a viewer read but not add, change or complete (403), and an outsider not even see (404)', async () => {
    const task = await create('ann', { title: 'Water plants', listId: Number(household) });
    await expectErrorResponse(await post('vic', { title: 'sneaky', listId: Number(household) }), 403);
    await expectErrorResponse(await patch('vic', task.id, { title: 'changed' }), 403);
    await expectErrorResponse(await service.request('vic', `/tasks/${task.id}`, { method: 'DELETE' }), 403);
    await expectErrorResponse(await post('eve', { title: 'sneaky', listId: Number(household) }), 404);
    await expectErrorResponse(await patch('eve', task.id, { title: 'changed' }), 404);
    await expectErrorResponse(await service.request('eve', `/tasks/${task.id}`, { method: 'DELETE' }), 404);
    const row = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    expect([row.title, row.status]).toEqual(['Water plants', 'pending']);
    expect((await service.request('ben', `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
  });

  it('assigns to members only, and filters by assignee (me or an id)', async () => {
    const task = await create('ann', { title: 'Plumber', listId: Number(household), assigneeId: 'ben' });
    expect(task.assigneeId).toBe('ben');
    await expectErrorResponse(await post('ann', { title: 'x', listId: Number(household), assigneeId: 'eve' }), 400);
    await expectErrorResponse(await patch('ann', task.id, { assigneeId: 'eve' }), 400);
    expect((await list('ben', '?assignee=me')).map((t) => t.title)).toContain('Plumber');
    expect((await list('ann', '?assignee=ben')).map((t) => t.title)).toContain('Plumber');
    expect((await list('ann', '?assignee=me')).map((t) => t.title)).not.toContain('Plumber');
    const unassigned = (await (await patch('ben', task.id, { assigneeId: null })).json()) as any;
    expect(unassigned.assigneeId).toBeNull();
  });

  it('moves a task between lists the caller edits, unassigning an assignee who is not in the new list', async () => {
    const task = await create('ben', { title: 'Move me', listId: Number(household), assigneeId: 'vic' });
    const inbox = await inboxId('ben');
    const moved = (await (await patch('ben', task.id, { listId: inbox })).json()) as any;
    expect(moved).toMatchObject({ listId: inbox, assigneeId: null });
    expect((await service.request('ann', `/tasks/${task.id}`)).status).toBe(404);
    // Both lists' members heard of the move.
    const heard = await service.database.db.event.findMany({ where: { taskId: BigInt(task.id), type: 'task.updated' } });
    expect(heard.map((e) => e.userId).sort()).toEqual(['ann', 'ben', 'vic']);
    // Ann only views Office: she may not move tasks into it, nor out of it.
    const annTask = await create('ann', { title: 'Stay', listId: Number(household) });
    await expectErrorResponse(await patch('ann', annTask.id, { listId: Number(office) }), 403);
    await expectErrorResponse(await patch('vic', annTask.id, { listId: await inboxId('vic') }), 403);
    await expectErrorResponse(await patch('ann', annTask.id, { listId: 999_999 }), 404);
    expect(((await (await service.request('ann', `/tasks/${annTask.id}`)).json()) as any).listId).toBe(Number(household));
  });

  it('records every change once for each member, with who made it and the list', async () => {
    const task = await create('ben', { title: 'Heard', listId: Number(household) });
    const events = await service.database.db.event.findMany({ where: { taskId: BigInt(task.id) } });
    expect(events.map((e) => e.userId).sort()).toEqual(['ann', 'ben', 'vic']);
    for (const event of events) {
      expect(JSON.parse(event.payload)).toMatchObject({ type: 'task.created', userId: event.userId, actor: 'ben', listId: Number(household) });
    }
    expect(new Set(events.map((e) => e.id)).size).toBe(3);
  });
});
