import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { createManualClock } from '../support/manual-clock.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

const NOW = new Date('2026-11-21T12:00:00Z');
const MERGE_PATCH = 'application/merge-patch+json';

describe.each(PROVIDERS)('one task on REST (%s)', (provider) => {
  let service: TestService;
  const clock = createManualClock(NOW);
  const create = async (user: string, body: Record<string, unknown>) =>
    (await (await service.request(user, '/tasks', jsonRequest('POST', body))).json()) as any;
  const patch = (user: string, id: number | string, body: unknown, type = MERGE_PATCH) =>
    service.request(user, `/tasks/${id}`, { method: 'PATCH', headers: { 'content-type': type }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const eventTypes = async (id: number) =>
    (await service.database.db.event.findMany({ where: { taskId: BigInt(id) }, orderBy: { id: 'asc' } })).map((e) => e.type);
  const row = (id: number) => service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(id) } });

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  it('GET /tasks/{id} answers the task, pending or completed', async () => {
    const task = await create('reader', { title: 'Read me', dueAt: '2026-11-22T09:30:00Z', remindBefore: 10 });
    const response = await service.request('reader', `/tasks/${task.id}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(task);
    await service.request('reader', `/tasks/${task.id}`, { method: 'DELETE' });
    expect(await (await service.request('reader', `/tasks/${task.id}`)).json()).toMatchObject({ id: task.id, status: 'completed' });
  });

  it("answers the same 404 for another user's task and an unknown id, on every operation, and changes nothing", async () => {
    const task = await create('owner', { title: 'Mine', dueAt: '2026-11-22T09:30:00Z' });
    for (const [method, path, body] of [
      ['GET', `/tasks/${task.id}`, undefined],
      ['PATCH', `/tasks/${task.id}`, { title: 'stolen' }],
      ['POST', `/tasks/${task.id}/reopen`, undefined],
    ] as const) {
      const init = body ? { method, headers: { 'content-type': MERGE_PATCH }, body: JSON.stringify(body) } : { method };
      const theirs = await expectErrorResponse(await service.request('intruder', path, init), 404);
      const unknown = await expectErrorResponse(await service.request('intruder', path.replace(String(task.id), '987654321'), init), 404);
      expect(theirs.message).toBe(unknown.message);
    }
    expect((await row(task.id)).title).toBe('Mine');
    expect(await eventTypes(task.id)).toEqual(['task.created']);
  });

  it('PATCH applies a merge patch: given fields change, absent ones stay, null clears; one task.updated', async () => {
    const task = await create('editor', { title: 'Draft', description: 'keep me', dueAt: '2026-11-22T09:30:00Z', remindBefore: 30, priority: 'high' });
    const response = await patch('editor', task.id, { title: '  Final  ', dueAt: '2026-11-23T10:00:00+01:00', unknownField: 1 });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: task.id, title: 'Final', description: 'keep me', dueAt: '2026-11-23T09:00:00.000Z', priority: 'high', remindBefore: 30, status: 'pending',
    });
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.fireAt.toISOString()).toBe('2026-11-23T08:30:00.000Z');
    const cleared = await (await patch('editor', task.id, { dueAt: null }, 'application/json')).json();
    expect(cleared).toMatchObject({ dueAt: null, remindBefore: null, description: 'keep me' });
    expect(await eventTypes(task.id)).toEqual(['task.created', 'task.updated', 'task.updated']);
    // A patch that changes nothing records nothing.
    expect((await patch('editor', task.id, { title: 'Final' })).status).toBe(200);
    expect(await eventTypes(task.id)).toHaveLength(3);
  });

  it('PATCH sets and stops a repeat', async () => {
    const task = await create('repeater', { title: 'Bins', dueAt: '2026-11-23T07:00:00Z' });
    expect(await (await patch('repeater', task.id, { recurrence: 'FREQ=WEEKLY;BYDAY=MO' })).json()).toMatchObject({
      recurrence: 'FREQ=WEEKLY;BYDAY=MO', recurrenceText: 'every week on Monday at 7:00',
    });
    await expectErrorResponse(await patch('repeater', task.id, { dueAt: null }), 400);
    expect(await (await patch('repeater', task.id, { dueAt: null, recurrence: null })).json()).toMatchObject({ dueAt: null, recurrence: null });
  });

  it.each([
    ['title null', { title: null }],
    ['empty title', { title: '   ' }],
    ['priority null', { priority: null }],
    ['unknown priority', { priority: 'p1' }],
    ['description null', { description: null }],
    ['bad dueAt', { dueAt: '2026-02-30T10:00:00Z' }],
    ['bad reminder offset', { remindBefore: 15 }],
    ['hourly rule', { recurrence: 'FREQ=HOURLY' }],
    ['an array', [{ title: 'x' }]],
    ['a string', '"title"'],
    ['null', 'null'],
    ['broken JSON', '{"title": '],
  ])('PATCH refuses %s with 400 and changes nothing', async (_name, body) => {
    const task = await create('strict', { title: 'Stable', dueAt: '2026-11-22T09:30:00Z', remindBefore: 10 });
    await expectErrorResponse(await patch('strict', task.id, body), 400);
    expect(await row(task.id)).toMatchObject({ title: 'Stable', priority: 'low', remindBefore: 10 });
    expect(await eventTypes(task.id)).toEqual(['task.created']);
  });

  it('PATCH needs a JSON media type (415), and a valid id (400)', async () => {
    const task = await create('strict', { title: 'Typed' });
    await expectErrorResponse(await patch('strict', task.id, { title: 'x' }, 'text/plain'), 415);
    await expectErrorResponse(await service.request('strict', `/tasks/${task.id}`, { method: 'PATCH', body: '{"title":"x"}' }), 415);
    await expectErrorResponse(await patch('strict', 'abc', { title: 'x' }), 400);
    expect((await row(task.id)).title).toBe('Typed');
  });

  it('POST /tasks/{id}/reopen turns a completed task pending again, re-arms its reminder, and is idempotent', async () => {
    const task = await create('reopener', { title: 'Again', dueAt: '2026-11-22T09:30:00Z', remindBefore: 60 });
    await service.request('reopener', `/tasks/${task.id}`, { method: 'DELETE' });
    const reopened = await service.request('reopener', `/tasks/${task.id}/reopen`, { method: 'POST' });
    expect(reopened.status).toBe(200);
    expect(await reopened.json()).toMatchObject({ id: task.id, status: 'pending', remindBefore: 60 });
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.state).toBe('scheduled');
    expect((await service.request('reopener', `/tasks/${task.id}/reopen`, { method: 'POST' })).status).toBe(200);
    expect(await eventTypes(task.id)).toEqual(['task.created', 'task.completed', 'task.reopened']);
  });

  it('answers 405 with Allow for a method /tasks/{id} does not serve', async () => {
    const response = await service.request('reader', '/tasks/1', { method: 'PUT' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('PATCH');
  });
});
