import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

describe.each(PROVIDERS)('user isolation on %s', (provider) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('one user neither sees nor completes another user’s tasks', async () => {
    const aliceTasks: number[] = [];
    for (const title of ['a1', 'a2', 'a3']) {
      aliceTasks.push((await (await service.request('alice', '/tasks', jsonRequest('POST', { title }))).json() as any).id);
    }
    const bob = (await (await service.request('bob', '/tasks', jsonRequest('POST', { title: 'b1' }))).json() as any).id;

    for (const status of ['pending', 'completed', 'all']) {
      const bobSees = (await (await service.request('bob', `/tasks?status=${status}&limit=200`)).json() as any) as Array<{ id: number }>;
      expect(bobSees.every((task) => task.id === bob)).toBe(true);
    }
    for (const id of aliceTasks) {
      expect((await service.request('bob', `/tasks/${id}`, { method: 'DELETE' })).status).toBe(404);
    }
    const aliceSees = (await (await service.request('alice', '/tasks')).json() as any) as Array<{ id: number; status: string }>;
    expect(aliceSees.map((task) => task.id)).toEqual(aliceTasks);
    expect(aliceSees.every((task) => task.status === 'pending')).toBe(true);
  });

  it('creates a user record with time zone UTC on first sight', async () => {
    expect(await service.database.db.user.findUnique({ where: { id: 'first-timer' } })).toBeNull();
    expect((await service.request('first-timer', '/tasks')).status).toBe(200);
    const user = await service.database.db.user.findUniqueOrThrow({ where: { id: 'first-timer' } });
    expect(user.timeZone).toBe('UTC');
  });
});
