import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('DELETE /tasks/{id} on %s', (provider) => {
  let service: TestService;
  const create = async (user: string, title: string): Promise<{ id: number }> =>
    (await service.request(user, '/tasks', jsonRequest('POST', { title }))).json() as any;
  const all = async (user: string) =>
    (await (await service.request(user, '/tasks?status=all')).json() as any) as Array<{ id: number; status: string }>;

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('completes a pending task: 204 with no body, status completed, gone from the default list', async () => {
    const task = await create('owner', 'finish me');
    const response = await service.request('owner', `/tasks/${task.id}`, { method: 'DELETE' });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
    expect((await all('owner')).find((t) => t.id === task.id)?.status).toBe('completed');
    const pending = (await (await service.request('owner', '/tasks')).json() as any) as Array<{ id: number }>;
    expect(pending.some((t) => t.id === task.id)).toBe(false);
  });

  it('answers 204 again for an already completed task and changes nothing', async () => {
    const task = await create('owner', 'twice');
    expect((await service.request('owner', `/tasks/${task.id}`, { method: 'DELETE' })).status).toBe(204);
    const before = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    const again = await service.request('owner', `/tasks/${task.id}`, { method: 'DELETE' });
    expect(again.status).toBe(204);
    const after = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    expect(after).toEqual(before);
  });

  it('answers 404 for an unknown id, including the largest int64', async () => {
    await expectErrorResponse(await service.request('owner', '/tasks/987654321', { method: 'DELETE' }), 404);
    await expectErrorResponse(await service.request('owner', '/tasks/9223372036854775807', { method: 'DELETE' }), 404);
  });

  it("answers 404 for another user's task and leaves it pending", async () => {
    const task = await create('victim', 'mine');
    const body = await expectErrorResponse(await service.request('intruder', `/tasks/${task.id}`, { method: 'DELETE' }), 404);
    const unknown = await expectErrorResponse(await service.request('intruder', '/tasks/987654321', { method: 'DELETE' }), 404);
    expect(body.message).toBe(unknown.message);
    expect((await all('victim')).find((t) => t.id === task.id)?.status).toBe('pending');
  });

  it.each(['0', '-1', 'abc', '1.5', '1e3', '9223372036854775808', '99999999999999999999999', '%20', '0x10'])(
    'refuses id %s with 400',
    async (id) => {
      await expectErrorResponse(await service.request('owner', `/tasks/${id}`, { method: 'DELETE' }), 400);
    },
  );

  it('two concurrent completions of one task both answer 204 and complete it once', async () => {
    const task = await create('racer', 'race');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => service.request('racer', `/tasks/${task.id}`, { method: 'DELETE' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(204));
    const stored = await service.database.db.task.findUniqueOrThrow({ where: { id: BigInt(task.id) } });
    expect(stored.status).toBe('completed');
    expect(stored.completedAt).toBeInstanceOf(Date);
  });
});
