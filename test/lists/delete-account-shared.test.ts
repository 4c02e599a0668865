import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../support/manual-clock.js';
import { sharingClient } from '../support/sharing.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('DELETE /me with shared lists (%s)', (provider) => {
  let service: TestService;
  const clock = createManualClock(new Date('2030-05-01T08:00:00Z'));

  beforeAll(async () => {
    service = await startTestService(provider, { clock });
  });
  afterAll(async () => service?.close());

  it('hands owned lists to the longest-standing editor, deletes lists nobody else is in, leaves the others, and keeps the tasks the user created there', async () => {
    const s = sharingClient(service);
    const task = async (user: string, body: object) => s.json(await service.request(user, '/tasks', jsonRequest('POST', body)));
    const home = await s.makeList('ann', 'Home');
    await s.join('ann', home.id, 'bob', 'viewer');
    clock.advance(60_000);
    await s.join('ann', home.id, 'cat', 'editor');
    clock.advance(60_000);
    await s.join('ann', home.id, 'cid', 'editor');
    await s.makeList('cat', 'home');
    const solo = await s.makeList('ann', 'Solo');
    const soloTask = await task('ann', { title: 'mine alone', listId: solo.id });
    const work = await s.makeList('dan', 'Work');
    await s.join('dan', work.id, 'ann', 'editor');

    const forCat = await task('ann', { title: 'fix the tap', listId: home.id, assigneeId: 'cat', dueAt: '2030-06-01T10:00:00Z', remindBefore: 10 });
    const forAnn = await task('cat', { title: 'call ann', listId: home.id, assigneeId: 'ann' });
    const report = await task('ann', { title: 'report', listId: work.id });
    const annWork = await task('dan', { title: 'review', listId: work.id, assigneeId: 'ann' });
    await service.request('ann', `/lists/${home.id}/invitations`, jsonRequest('POST', { role: 'viewer' }));

    expect((await service.request('ann', '/me', { method: 'DELETE' })).status).toBe(204);

    // Home passed to cat (an editor who joined before cid), under a name free among cat's lists.
    expect(await s.json(await service.request('cat', `/lists/${home.id}`))).toMatchObject({ name: 'Home (2)', role: 'owner', memberCount: 3 });
    expect((await s.members('bob', home.id)).map((m) => `${m.userId}:${m.role}`)).toEqual(['bob:viewer', 'cat:owner', 'cid:editor']);
    expect(await s.json(await service.request('cat', `/tasks/${forCat.id}`))).toMatchObject({ title: 'fix the tap', createdBy: 'cat', assigneeId: 'cat' });
    expect(await service.database.db.reminder.findUnique({ where: { taskId_slot: { taskId: BigInt(forCat.id), slot: 0 } } })).toMatchObject({ userId: 'cat', state: 'scheduled' });
    expect(await s.json(await service.request('bob', `/tasks/${forAnn.id}`))).toMatchObject({ assigneeId: null });
    // The invitations ann made went with her.
    expect(await s.json(await service.request('cat', `/lists/${home.id}/invitations`))).toEqual([]);

    // Solo had nobody else: gone with its tasks.
    expect(await service.database.db.list.count({ where: { id: BigInt(solo.id) } })).toBe(0);
    expect(await service.database.db.task.count({ where: { id: BigInt(soloTask.id) } })).toBe(0);

    // ann left Work; her task there is dan's now, and what was assigned to her is unassigned.
    expect((await s.members('dan', work.id)).map((m) => m.userId)).toEqual(['dan']);
    expect(await s.json(await service.request('dan', `/tasks/${report.id}`))).toMatchObject({ createdBy: 'dan' });
    expect(await s.json(await service.request('dan', `/tasks/${annWork.id}`))).toMatchObject({ assigneeId: null });
    expect(await service.database.db.listMember.count({ where: { userId: 'ann' } })).toBe(0);
    expect(await service.database.db.task.count({ where: { OR: [{ userId: 'ann' }, { assigneeId: 'ann' }] } })).toBe(0);
    // Members heard of it.
    const told = await service.database.db.event.findMany({ where: { type: 'list.member_left', userId: 'dan' } });
    expect(told.map((e) => JSON.parse(e.payload))).toContainEqual(expect.objectContaining({ listId: work.id, member: { userId: 'ann', role: null }, actor: null }));
  });
});
