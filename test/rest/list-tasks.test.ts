import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorResponse } from '../support/error-body.js';
import { jsonRequest, PROVIDERS, startTestService, type TestService } from '../support/test-service.js';

interface Task {
  id: number;
  title: string;
  dueAt: string | null;
  status: string;
}

describe.each(PROVIDERS)('GET /tasks on %s', (provider) => {
  let service: TestService;
  const create = async (user: string, body: Record<string, unknown>): Promise<Task> =>
    (await service.request(user, '/tasks', jsonRequest('POST', body))).json() as any;
  const list = async (user: string, query = ''): Promise<Task[]> => {
    const response = await service.request(user, `/tasks${query}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    return response.json() as any;
  };

  beforeAll(async () => {
    service = await startTestService(provider);
  });
  afterAll(async () => service?.close());

  it('answers 200 with an empty array for a user with no tasks', async () => {
    expect(await list('nobody')).toEqual([]);
  });

  it('orders by dueAt ascending, undated tasks last, then by id', async () => {
    const user = 'orderer';
    const undatedA = await create(user, { title: 'undated A' });
    const late = await create(user, { title: 'late', dueAt: '2026-12-01T10:00:00Z' });
    const earlyB = await create(user, { title: 'early B', dueAt: '2026-11-22T08:00:00+01:00' });
    const early = await create(user, { title: 'early', dueAt: '2026-11-22T07:00:00Z' });
    const undatedB = await create(user, { title: 'undated B' });
    const earliest = await create(user, { title: 'earliest', dueAt: '2025-01-01T00:00:00Z' });
    const ids = (await list(user)).map((task) => task.id);
    // "early B" and "early" are the same instant (07:00Z); "early B" was created first, so it comes first.
    expect(ids).toEqual([earliest.id, earlyB.id, early.id, late.id, undatedA.id, undatedB.id]);
  });

  it('defaults to 50 tasks and honours limit from 1 to 200', async () => {
    const user = 'many';
    for (let i = 0; i < 205; i += 1) {
      await create(user, { title: `task ${i}`, dueAt: new Date(Date.UTC(2027, 0, 1, 0, i)).toISOString() });
    }
    const defaultPage = await list(user);
    expect(defaultPage).toHaveLength(50);
    expect(defaultPage[0]?.title).toBe('task 0');
    expect(defaultPage[49]?.title).toBe('task 49');
    expect(await list(user, '?limit=1')).toHaveLength(1);
    expect(await list(user, '?limit=200')).toHaveLength(200);
    expect((await list(user, '?limit=7')).map((task) => task.title)).toEqual(
      Array.from({ length: 7 }, (_, i) => `task ${i}`),
    );
  });

  it.each(['0', '201', '-1', '1.5', 'abc', '', '10&limit=20', '1e400', '%00'])(
    'refuses limit=%s with 400',
    async (limit) => {
      await expectErrorResponse(await service.request('many', `/tasks?limit=${limit}`), 400);
    },
  );

  it('lists only pending tasks by default; status=completed and status=all are extensions', async () => {
    const user = 'statuses';
    const open = await create(user, { title: 'open' });
    const done = await create(user, { title: 'done' });
    expect((await service.request(user, `/tasks/${done.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await list(user)).map((task) => task.id)).toEqual([open.id]);
    expect((await list(user, '?status=pending')).map((task) => task.id)).toEqual([open.id]);
    const completed = await list(user, '?status=completed');
    expect(completed.map((task) => [task.id, task.status])).toEqual([[done.id, 'completed']]);
    expect((await list(user, '?status=all')).map((task) => task.id).sort((a, b) => a - b)).toEqual([open.id, done.id]);
    await expectErrorResponse(await service.request(user, '/tasks?status=done'), 400);
  });
});
