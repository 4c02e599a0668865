import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlData } from '../support/graphql-client.js';
import { PROVIDERS, startTestService, type TestService } from '../support/test-service.js';
import { ExportAccountQuery } from '../graphql/documents.js';
import { inboxOf } from '../support/inbox.js';

/**
 * Rows written before dates were range-checked: a dueAt in year 10000 or year 0 (REST took both through
 * an offset) and a completedAt at the end of JavaScript's range (an import took it). PostgreSQL's
 * adapter reads such a date as Invalid Date; SQLite's gives one that is not RFC 3339.
 */
const LEGACY = [
  { title: 'before', dueAt: null, completedAt: null },
  { title: 'year 10000', dueAt: { sqlite: Date.UTC(10000, 0, 1), postgresql: '10000-01-01 00:00:00+00' }, completedAt: null },
  { title: 'year 0', dueAt: { sqlite: new Date('0000-06-01T00:00:00Z').getTime(), postgresql: '0001-06-01 00:00:00+00 BC' }, completedAt: null },
  { title: 'done at the end of time', dueAt: null, completedAt: { sqlite: 8.64e15, postgresql: '275760-09-13 00:00:00+00' } },
  { title: 'after', dueAt: null, completedAt: null },
] as const;

describe.each(PROVIDERS)('export of dates stored before they were range-checked, on %s', (provider) => {
  let service: TestService;
  const user = 'legacy';

  beforeAll(async () => {
    service = await startTestService(provider);
    expect((await service.request(user, '/tasks')).status).toBe(200);
    const listId = await inboxOf(service.database.db, user);
    for (const task of LEGACY) {
      const now = provider === 'sqlite' ? Date.now() : new Date().toISOString();
      await service.database.db.$executeRawUnsafe(
        provider === 'sqlite'
          ? `INSERT INTO tasks (user_id, list_id, title, description, priority, status, created_at, updated_at, due_at, completed_at) VALUES (?, ${listId}, ?, '', 'low', ?, ?, ?, ?, ?)`
          : `INSERT INTO tasks (user_id, list_id, title, description, priority, status, created_at, updated_at, due_at, completed_at) VALUES ($1, ${listId}, $2, '', 'low', $3, $4::timestamptz, $5::timestamptz, $6::timestamptz, $7::timestamptz)`,
        user,
        task.title,
        task.completedAt ? 'completed' : 'pending',
        now,
        now,
        task.dueAt?.[provider] ?? null,
        task.completedAt?.[provider] ?? null,
      );
    }
  });
  afterAll(async () => service?.close());

  it('answers a whole document: such a date is written as null and named in unreadableDates, every task is there', async () => {
    const response = await service.request(user, '/me/export');
    expect(response.status).toBe(200);
    const document = (await response.json()) as any;
    expect(document.tasks.map((t: any) => [t.title, t.dueAt, t.completedAt, t.unreadableDates])).toEqual([
      ['before', null, null, undefined],
      ['year 10000', null, null, ['dueAt']],
      ['year 0', null, null, ['dueAt']],
      ['done at the end of time', null, null, ['completedAt']],
      ['after', null, null, undefined],
    ]);
    expect(document.calendarFeed).toEqual({ enabled: false });

    const viaGraphql = (await graphqlData(service, user, ExportAccountQuery)).exportAccount as any;
    expect({ ...viaGraphql, exportedAt: null }).toEqual({ ...document, exportedAt: null });
  });

  it('a re-import of that document names the completed task that lost its completion time; without it, the rest is created', async () => {
    const document = await (await service.request(user, '/me/export')).text();
    const response = await service.request('legacy-copy', '/me/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: document });
    // The completed task without a readable completion time cannot be imported as completed: the 400 names it.
    expect(response.status).toBe(400);
    expect(((await response.json()) as any).message).toContain('tasks[3].completedAt');
    const fixed = JSON.parse(document);
    fixed.tasks = fixed.tasks.filter((t: any) => t.status !== 'completed');
    const retried = await service.request('legacy-copy', '/me/import', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(fixed) });
    expect(await retried.json()).toMatchObject({ created: 4, skipped: 0 });
  });
});
