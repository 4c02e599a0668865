import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext, type ServiceContext } from '../../src/context.js';
import { createList } from '../../src/lists/create-list.js';
import { createLogger } from '../../src/logger.js';
import { completeTask } from '../../src/tasks/complete-task.js';
import { createTask } from '../../src/tasks/create-task.js';
import { listTaskPage, type TaskOrder } from '../../src/tasks/list-task-page.js';
import { listTasks } from '../../src/tasks/list-tasks.js';
import { createTaskStore } from '../../src/tasks/store/create-task-store.js';
import type { TaskRecord } from '../../src/tasks/task-view.js';
import { createManualClock } from '../support/manual-clock.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { PROVIDERS } from '../support/test-service.js';

const T0 = Date.parse('2026-11-21T08:00:00.000Z');
const MINUTE = 60_000;

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function byDueThenId(a: TaskRecord, b: TaskRecord): number {
  if (a.dueAt === null || b.dueAt === null) {
    if (a.dueAt !== b.dueAt) return a.dueAt === null ? 1 : -1;
  } else if (a.dueAt.getTime() !== b.dueAt.getTime()) return a.dueAt.getTime() - b.dueAt.getTime();
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * A page across many lists must be exactly the page a single sort of all their tasks gives, however the
 * soonest tasks are spread: evenly (every list gives a few), piled in one list (it must be read deeper
 * than its share), tied across lists (ids break the tie), with undated and completed tasks among them.
 */
describe.each(PROVIDERS)('reading a page across many lists on %s', (provider) => {
  let database: TestDatabase;
  const statements: string[] = [];
  let deps: Parameters<typeof createContext>[0];
  const people = new Map<string, { ctx: ServiceContext; pending: TaskRecord[]; all: TaskRecord[] }>();

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    const clock = createManualClock(new Date(T0));
    deps = {
      db: database.db,
      clock,
      logger: createLogger('silent'),
      events: { eventsRecorded: () => undefined },
      store: createTaskStore({ ...database.raw, onQuery: (sql: string) => statements.push(sql) }),
    };
    const next = random(7);
    // Who, how many lists, and where task i of n goes: [list index, minutes after T0 or null].
    const shapes: Array<[string, number, (i: number) => [number, number | null]]> = [
      ['even', 20, (i) => [i % 20, i]],
      ['piled', 12, (i) => (i < 70 ? [0, i] : [1 + (i % 11), 70 + Math.floor(next() * 200)])],
      ['tied', 9, (i) => [i % 9, i % 5 === 0 ? null : Math.floor(i / 9)]],
      ['random', 25, () => [Math.floor(next() * 25), next() < 0.1 ? null : Math.floor(next() * 120)]],
      // More lists than are merged one by one (MERGED_LISTS_MAX): the rest are read another way.
      ['crowded', 40, (i) => [(i * 7) % 40, i % 11 === 0 ? null : Math.floor(next() * 90)]],
    ];
    for (const [userId, listCount, place] of shapes) {
      await database.db.user.create({ data: { id: userId } });
      const ctx = createContext(deps, userId);
      const lists: Array<bigint | undefined> = [undefined];
      for (let l = 1; l < listCount; l++) lists.push(BigInt((await createList(ctx, { name: `List ${l}` })).id));
      const all: TaskRecord[] = [];
      for (let i = 0; i < 180; i++) {
        const [list, minutes] = place(i);
        const dueAt = minutes === null ? null : new Date(T0 + 60 * MINUTE + minutes * MINUTE).toISOString();
        const task = await createTask(ctx, { title: `${userId} ${i}`, dueAt, listId: lists[list] });
        all.push(i % 13 === 6 ? (await completeTask(ctx, task.id)).task : task);
      }
      people.set(userId, { ctx, all, pending: all.filter((task) => task.status === 'pending').sort(byDueThenId) });
    }
  });
  afterAll(async () => database?.close());

  it.each(['even', 'piled', 'tied', 'random', 'crowded'])('GET /tasks for "%s" answers the first tasks of all lists in due order, at every limit', async (who) => {
    const { ctx, pending } = people.get(who)!;
    for (const limit of [1, 2, 7, 20, 49, 50, 51, 120, 200]) {
      const ids = (await listTasks(ctx, { limit })).map((task) => BigInt(task.id));
      expect(ids, `limit ${limit}`).toEqual(pending.slice(0, limit).map((task) => task.id));
    }
  });

  it.each(['even', 'piled', 'tied', 'random', 'crowded'])('pages for "%s" walk every task once, in order', async (who) => {
    const { ctx, all } = people.get(who)!;
    const orders: Array<[TaskOrder, (a: TaskRecord, b: TaskRecord) => number]> = [
      ['DUE_AT_ASC', byDueThenId],
      ['CREATED_AT_DESC', (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)],
    ];
    for (const [orderBy, compare] of orders) {
      const ids: bigint[] = [];
      let after: string | undefined;
      for (let pages = 0; pages < 20; pages++) {
        const page = await listTaskPage(ctx, { filter: {}, orderBy, first: 25, after });
        ids.push(...page.tasks.map((task) => task.id));
        if (!page.hasNextPage) break;
        after = page.cursors.at(-1);
      }
      expect(ids, orderBy).toEqual([...all].sort(compare).map((task) => task.id));
    }
  });

  it.runIf(provider === 'postgresql')('GET /tasks over every list reads the membership, dated and undated tasks in one statement, on PostgreSQL', async () => {
    for (const who of ['even', 'piled', 'tied', 'random', 'crowded']) {
      // 200: past the dated tasks into the undated ones.
      for (const limit of [50, 200]) {
        statements.length = 0;
        const page = await listTasks(people.get(who)!.ctx, { limit });
        expect(statements, `${who} ${limit}`).toHaveLength(1);
        expect(statements[0], who).toContain('FROM list_members WHERE user_id');
        if (limit === 200 && who === 'tied') expect(page.at(-1)!.dueAt).toBeNull();
      }
    }
  });

  it('a page stays exact and private when the lists a user is in change between reads', async () => {
    const { all: ownersTasks } = people.get('random')!;
    const mover = 'mover';
    await database.db.user.create({ data: { id: mover } });
    const ctx = createContext(deps, mover);
    const own: TaskRecord[] = [];
    const lists: Array<bigint | undefined> = [undefined];
    for (let l = 1; l < 4; l++) lists.push(BigInt((await createList(ctx, { name: `Mine ${l}` })).id));
    for (let i = 0; i < 60; i++) {
      const labels = i % 5 === 0 ? ['zeta', `Alpha ${i}`] : [];
      own.push(await createTask(ctx, { title: `mine ${i}`, dueAt: new Date(T0 + 60 * MINUTE + ((i * 7) % 120) * MINUTE).toISOString(), listId: lists[i % 4], labels }));
    }
    const pageOf = async () => (await listTasks(ctx, { limit: 50 })).map((task) => BigInt(task.id));
    const expected = (tasks: TaskRecord[]) => tasks.filter((task) => task.status === 'pending').sort(byDueThenId).slice(0, 50).map((task) => task.id);
    const first = await listTasks(ctx, { limit: 50 });
    expect(first.map((task) => BigInt(task.id))).toEqual(expected(own));
    // Each task's own labels, in the order written.
    expect(first.map((task) => task.labels)).toEqual(first.map((task) => (Number(task.title.split(' ')[1]) % 5 === 0 ? ['zeta', `Alpha ${task.title.split(' ')[1]}`] : [])));

    // Joins five of another user's lists after a read: more lists than that read found.
    const theirs = [...new Set(ownersTasks.map((task) => task.listId))].slice(0, 5);
    for (const listId of theirs) await database.db.listMember.create({ data: { listId, userId: mover, role: 'viewer', joinedAt: new Date(T0) } });
    const visible = () => [...own, ...ownersTasks.filter((task) => theirs.includes(task.listId))];
    expect(await pageOf()).toEqual(expected(visible()));

    // Leaves two of them and one of their own: fewer lists than the last read found, none of theirs shown.
    const left = [theirs[0]!, theirs[3]!, lists[2]!];
    await database.db.listMember.deleteMany({ where: { userId: mover, listId: { in: left } } });
    const page = await pageOf();
    expect(page).toEqual(expected(visible().filter((task) => !left.includes(task.listId))));
    expect(page.length).toBe(50);

    // Out of every list: nothing, however many the last read found.
    await database.db.listMember.deleteMany({ where: { userId: mover } });
    expect(await pageOf()).toEqual([]);
  });

  it.runIf(provider === 'sqlite')('reads a list deeper only when its share did not reach the page, on SQLite', async () => {
    const headReads = async (who: string) => {
      statements.length = 0;
      await listTasks(people.get(who)!.ctx, { limit: 50 });
      return statements.filter((sql) => sql.includes('FROM json_each(?) AS j')).length;
    };
    expect(await headReads('even')).toBe(1);
    expect(await headReads('piled')).toBe(2);
  });
});
