import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('remindBefore on POST /tasks on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  const dueAt = () => new Date(Date.now() + 3 * 3_600_000).toISOString();
  const post = (body: unknown) => service.request('reminded', '/tasks', jsonRequest('POST', body));

  it.each([0, 10, 30, 60])('accepts %i minutes, returns it on the Task and schedules the reminder', async (minutes) => {
    const due = dueAt();
    const response = await post({ title: `remind ${minutes}`, dueAt: due, remindBefore: minutes });
    expect(response.status).toBe(201);
    const task = (await response.json()) as { id: number; remindBefore: number };
    expect(task.remindBefore).toBe(minutes);
    const reminder = await service.database.db.reminder.findUniqueOrThrow({ where: { taskId_slot: { taskId: BigInt(task.id), slot: 0 } } });
    expect(reminder.fireAt.getTime()).toBe(new Date(due).getTime() - minutes * 60_000);
    expect(reminder.state).toBe('scheduled');
    const listed = (await (await service.request('reminded', '/tasks?limit=200')).json()) as Array<{ id: number; remindBefore: number }>;
    expect(listed.find((t) => t.id === task.id)?.remindBefore).toBe(minutes);
  });

  it('accepts null and absence as "no reminder"', async () => {
    for (const body of [{ title: 'none', dueAt: dueAt(), remindBefore: null }, { title: 'none', dueAt: dueAt() }]) {
      const task = (await (await post(body)).json()) as { id: number; remindBefore: null };
      expect(task.remindBefore).toBeNull();
      expect(await service.database.db.reminder.count({ where: { taskId: BigInt(task.id) } })).toBe(0);
    }
  });

  it.each([5, 15, -10, 90, 10.5, '10', true, [10]])('refuses remindBefore %j with 400 and stores nothing', async (value) => {
    const before = await service.database.db.task.count();
    await expectErrorResponse(await post({ title: 'bad', dueAt: dueAt(), remindBefore: value }), 400);
    expect(await service.database.db.task.count()).toBe(before);
  });

  it('refuses a reminder without a dueAt with 400', async () => {
    const body = await expectErrorResponse(await post({ title: 'no due', remindBefore: 10 }), 400);
    expect(body.message).toMatch(/dueAt/);
    await expectErrorResponse(await post({ title: 'no due', dueAt: null, remindBefore: 0 }), 400);
  });
});
