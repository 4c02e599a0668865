import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('user isolation on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  async function create(userId: string, title: string): Promise<number> {
    const response = await service.request(userId, '/tasks', jsonRequest('POST', { title }));
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: number }).id;
  }

  async function list(userId: string, status: string): Promise<Array<{ id: number; title: string; status: string }>> {
    const response = await service.request(userId, `/tasks?status=${status}&limit=200`);
    expect(response.status).toBe(200);
    const tasks = (await response.json()) as Array<{ id: number; title: string; status: string }>;
    expect(Array.isArray(tasks)).toBe(true);
    return tasks;
  }

  it('one user neither sees nor completes another user’s tasks', async () => {
    // Both users have pending and completed tasks, so every list below has something in it to leak.
    const [a1, a2, a3] = [await create('alice', 'a1'), await create('alice', 'a2'), await create('alice', 'a3')];
    expect((await service.request('alice', `/tasks/${a3}`, { method: 'DELETE' })).status).toBe(204);
    const [b1, b2] = [await create('bob', 'b1'), await create('bob', 'b2')];
    expect((await service.request('bob', `/tasks/${b2}`, { method: 'DELETE' })).status).toBe(204);

    const expected: Record<string, number[]> = { pending: [b1], completed: [b2], all: [b1, b2] };
    for (const [status, ids] of Object.entries(expected)) {
      const bobSees = (await list('bob', status)).map((task) => task.id);
      expect(bobSees.sort((x, y) => x - y), `bob's ${status} tasks`).toEqual(ids);
      for (const foreign of [a1, a2, a3]) expect(bobSees, `bob's ${status} tasks`).not.toContain(foreign);
    }

    // Alice's tasks are unknown ids to bob, whatever he tries: read, change, complete, reopen.
    for (const id of [a1, a3]) {
      expect((await service.request('bob', `/tasks/${id}`)).status).toBe(404);
      expect((await service.request('bob', `/tasks/${id}`, jsonRequest('PATCH', { title: 'taken' }))).status).toBe(404);
      expect((await service.request('bob', `/tasks/${id}`, { method: 'DELETE' })).status).toBe(404);
      expect((await service.request('bob', `/tasks/${id}/reopen`, { method: 'POST' })).status).toBe(404);
    }

    const aliceSees = await list('alice', 'all');
    expect(aliceSees.map(({ id, title, status }) => ({ id, title, status })).sort((x, y) => x.id - y.id)).toEqual([
      { id: a1, title: 'a1', status: 'pending' },
      { id: a2, title: 'a2', status: 'pending' },
      { id: a3, title: 'a3', status: 'completed' },
    ]);
  });

  it('creates a user record with time zone UTC on first sight', async () => {
    expect(await service.database.db.user.findUnique({ where: { id: 'first-timer' } })).toBeNull();
    expect((await service.request('first-timer', '/tasks')).status).toBe(200);
    const user = await service.database.db.user.findUniqueOrThrow({ where: { id: 'first-timer' } });
    expect(user.timeZone).toBe('UTC');
  });
});
