import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '../support/test-service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

// The change log sync-collection reads (caldav_sync, caldav_changes) is kept by triggers: per row on
// SQLite, per statement on PostgreSQL. Statements of many rows must leave what one row at a time does,
// the same numbers on both.
describe.each(PROVIDERS)('the CalDAV change log under statements of many rows (%s)', (provider) => {
  let database: TestDatabase;
  let home: bigint;
  let errands: bigint;
  const counter = async (listId: bigint) => (await database.db.caldavSync.findUniqueOrThrow({ where: { listId } })).seq;
  const changes = (listId: bigint) =>
    database.db.caldavChange.findMany({ where: { listId }, orderBy: { taskId: 'asc' }, select: { taskId: true, seq: true, name: true, deleted: true } });
  const change = (taskId: bigint, seq: number, name: string | null = null) => ({ taskId, seq: BigInt(seq), name, deleted: name !== null });

  beforeAll(async () => {
    database = await createTestDatabase(provider);
    await database.db.user.create({ data: { id: 'ana' } });
    home = (await database.db.list.create({ data: { ownerId: 'ana', name: 'Home', nameKey: 'home' } })).id;
    errands = (await database.db.list.create({ data: { ownerId: 'ana', name: 'Errands', nameKey: 'errands' } })).id;
  });
  afterAll(async () => database?.close());

  it('gives each row of an insert, an update, a move and a deletion its own change, tombstones under the name the task had, in list order', async () => {
    expect([await counter(home), await counter(errands)]).toEqual([1n, 1n]);
    await database.db.task.createMany({ data: ['a', 'b', 'c'].map((title) => ({ userId: 'ana', listId: home, title })) });
    const [a, b, c] = (await database.db.task.findMany({ orderBy: { id: 'asc' } })).map((task) => task.id) as [bigint, bigint, bigint];
    expect(await counter(home)).toBe(4n);
    expect(await changes(home)).toEqual([change(a, 2), change(b, 3), change(c, 4)]);

    await database.db.caldavObject.createMany({ data: [{ taskId: a, userId: 'ana', uid: 'a-uid', name: 'client.ics', updatedAt: new Date() }] });
    expect(await changes(home)).toEqual([change(a, 5), change(b, 3), change(c, 4)]);

    await database.db.task.updateMany({ where: { id: { in: [a, b] } }, data: { listId: errands } });
    expect(await changes(home)).toEqual([change(a, 6, 'client.ics'), change(b, 7, `tickler-${b}.ics`), change(c, 4)]);
    expect(await changes(errands)).toEqual([change(a, 2), change(b, 3)]);
    expect([await counter(home), await counter(errands)]).toEqual([7n, 3n]);

    await database.db.task.updateMany({ where: { listId: errands }, data: { title: 'renamed' } });
    expect(await changes(errands)).toEqual([change(a, 4), change(b, 5)]);

    await database.db.task.deleteMany({ where: { id: { in: [a, b] } } });
    const gone = await changes(errands);
    expect(gone.map(({ taskId, name, deleted }) => ({ taskId, name, deleted }))).toEqual([
      { taskId: a, name: 'client.ics', deleted: true },
      { taskId: b, name: `tickler-${b}.ics`, deleted: true },
    ]);
    expect(gone.map((row) => row.seq).sort()).toEqual([6n, 7n]);
    expect(await counter(errands)).toBe(7n);
  });

  it('a statement that changes no row moves no counter', async () => {
    const before = [await counter(home), await counter(errands)];
    await database.db.task.updateMany({ where: { id: -1n }, data: { title: 'nobody' } });
    await database.db.task.createMany({ data: [] });
    expect([await counter(home), await counter(errands)]).toEqual(before);
  });

  it('a list deleted with its tasks leaves no counter and no changes', async () => {
    await database.db.list.delete({ where: { id: home } });
    expect(await database.db.caldavSync.count({ where: { listId: home } })).toBe(0);
    expect(await changes(home)).toEqual([]);
  });
});
