import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type ServiceContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';
import { completeTask } from '../../src/tasks/complete-task.js';
import { createList } from '../../src/lists/create-list.js';
import { createTask } from '../../src/tasks/create-task.js';
import { listTaskPage, TASK_ORDERS, type TaskFilter, type TaskOrder } from '../../src/tasks/list-task-page.js';
import { createTaskStore } from '../../src/tasks/store/create-task-store.js';
import type { TaskRecord } from '../../src/tasks/task-view.js';
import { createManualClock } from '../support/manual-clock.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const T0 = Date.parse('2026-11-21T08:00:00.000Z');
const HOUR = 3_600_000;

/** Titles with LIKE's wildcards and the escape character, and mixed case, to check search matches text literally. */
const TITLES = ['Buy milk', 'MILK the cow', '100% done', '100 percent', 'snake_case', 'snakeXcase', 'back\\slash', 'plain'];

/** What listTaskPage must answer, worked out from the tasks themselves. */
function expected(tasks: TaskRecord[], filter: TaskFilter, order: TaskOrder): bigint[] {
  const bounded = filter.dueAfter !== undefined || filter.dueBefore !== undefined;
  const includeUndated = filter.includeUndated ?? !bounded;
  const search = filter.search?.toLowerCase();
  const inRange = (task: TaskRecord) =>
    task.dueAt !== null &&
    (!filter.dueAfter || task.dueAt >= filter.dueAfter) &&
    (!filter.dueBefore || task.dueAt < filter.dueBefore);
  const matching = tasks.filter(
    (task) =>
      (!filter.status || task.status === filter.status) &&
      (!search || task.title.toLowerCase().includes(search) || task.description.toLowerCase().includes(search)) &&
      (inRange(task) || (includeUndated && task.dueAt === null)),
  );
  const byId = (a: TaskRecord, b: TaskRecord) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sorted = [...matching].sort((a, b) => {
    if (order === 'DUE_AT_ASC') {
      if (a.dueAt === null || b.dueAt === null) return a.dueAt === b.dueAt ? byId(a, b) : a.dueAt === null ? 1 : -1;
      return a.dueAt.getTime() - b.dueAt.getTime() || byId(a, b);
    }
    const ascending = a.createdAt.getTime() - b.createdAt.getTime() || byId(a, b);
    return order === 'CREATED_AT_ASC' ? ascending : -ascending;
  });
  return sorted.map((task) => task.id);
}

describe.each(PROVIDERS)('task pages on %s', (provider) => {
  let database: TestDatabase;
  let ctx: ServiceContext;
  const tasks: TaskRecord[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    const clock = createManualClock(new Date(T0));
    const deps = {
      db: database.db,
      clock,
      logger: createLogger('silent'),
      events: { eventsRecorded: () => undefined },
      store: createTaskStore(database.raw),
    };
    for (const user of ['pager', 'someone-else']) await database.db.user.create({ data: { id: user } });
    ctx = createContext(deps, 'pager');
    const other = createContext(deps, 'someone-else');
    // Spread over three lists, so pages are merged from one ordered read per list.
    const lists: Array<bigint | undefined> = [undefined];
    for (const name of ['Work', 'Home']) lists.push(BigInt((await createList(ctx, { name })).id));
    for (let i = 0; i < 40; i += 1) {
      // Three tasks per clock reading: createdAt ties broken by id. Due times repeat too; every 5th is undated.
      if (i % 3 === 0) clock.set(new Date(T0 + i * 1000));
      const dueAt = i % 5 === 4 ? null : new Date(T0 + 24 * HOUR + (i % 7) * HOUR).toISOString();
      const title = TITLES[i % TITLES.length]!;
      const task = await createTask(ctx, { title, description: i % 4 === 0 ? 'Notes about MILK' : '', dueAt, listId: lists[i % lists.length] });
      tasks.push(i % 3 === 1 ? (await completeTask(ctx, task.id)).task : task);
      await createTask(other, { title, dueAt });
    }
  });
  afterAll(async () => database?.close());

  async function walk(filter: TaskFilter, order: TaskOrder, first: number) {
    const ids: bigint[] = [];
    let after: string | undefined;
    let total: number | undefined;
    for (let pages = 0; pages < 100; pages += 1) {
      const page = await listTaskPage(ctx, { filter, orderBy: order, first, after });
      ids.push(...page.tasks.map((task) => task.id));
      total ??= await page.totalCount();
      if (!page.hasNextPage) return { ids, total };
      after = page.cursors.at(-1);
    }
    throw new Error('more than 100 pages');
  }

  const filters: Array<[string, TaskFilter]> = [
    ['everything', {}],
    ['pending', { status: 'pending' }],
    ['completed', { status: 'completed' }],
    ['a due range', { dueAfter: new Date(T0 + 25 * HOUR), dueBefore: new Date(T0 + 29 * HOUR) }],
    ['a due range and undated', { dueAfter: new Date(T0 + 25 * HOUR), includeUndated: true }],
    ['dated only', { includeUndated: false }],
    ['search, any case', { search: 'milk' }],
    ['search with %', { search: '0%' }],
    ['search with _', { search: 'e_c' }],
    ['search with \\', { search: 'k\\s' }],
    ['pending, searched, in a range', { status: 'pending', search: 'MILK', dueBefore: new Date(T0 + 27 * HOUR) }],
  ];

  it.each(filters)('pages through %s in every order and page size, as the tasks themselves say', async (_name, filter) => {
    for (const order of TASK_ORDERS) {
      const want = expected(tasks, filter, order);
      for (const first of [1, 3, 50]) {
        const { ids, total } = await walk(filter, order, first);
        expect(ids, `${order}, first ${first}`).toEqual(want);
        expect(total).toBe(want.length);
      }
    }
  });

  it('matches wildcards literally and finds nothing for a pattern only a wildcard would match', async () => {
    expect((await walk({ search: '%' }, 'DUE_AT_ASC', 50)).ids).toHaveLength(tasks.filter((t) => t.title.includes('%')).length);
    expect((await walk({ search: '100_' }, 'DUE_AT_ASC', 50)).ids).toEqual([]);
  });
});
