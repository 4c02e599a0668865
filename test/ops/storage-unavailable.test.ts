import { writeFileSync } from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { applyMigrations } from '../../src/db/migrate.js';
import { isStorageUnavailable } from '../../src/db/storage-unavailable.js';
import { AppError } from '../../src/errors.js';
import { cleanupsAfterEach } from '../support/cleanups.js';
import { mountTmpfs, requirePrivilege, skipWithoutPrivilege, whyCannotMount } from '../support/privileged-tests.js';
import { createTestDatabase } from '../support/test-database.js';

const cannotMount = whyCannotMount();

const caught = async (work: () => unknown): Promise<unknown> => {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
};

describe('which failures mean "storage temporarily unavailable"', () => {
  const cleanups = cleanupsAfterEach();

  it.skipIf(skipWithoutPrivilege(cannotMount))('a write through Prisma to a database on a read-only file system', async () => {
    requirePrivilege(cannotMount);
    const fs = mountTmpfs(8);
    cleanups.push(() => fs.unmount());
    const { dir } = fs;
    const url = `file:${path.join(dir, 'tickler.db')}`;
    await applyMigrations({ provider: 'sqlite', url });
    fs.remountReadOnly();
    const error = await caught(async () => {
      const database = await openDatabase({ provider: 'sqlite', url });
      try {
        await database.db.user.create({ data: { id: 'someone' } });
      } finally {
        await database.close();
      }
    });
    expect(isStorageUnavailable(error)).toBe(true);
    // And a plain file write there (the readiness probe's room check).
    const erofs = await caught(() => writeFileSync(path.join(dir, 'probe'), 'x'));
    expect((erofs as NodeJS.ErrnoException).code).toBe('EROFS');
    expect(isStorageUnavailable(erofs)).toBe(true);
  });

  it('a SQLite connection that may not write', async () => {
    const database = await createTestDatabase('sqlite');
    cleanups.push(() => database.close());
    const readOnly = new BetterSqlite3(database.url.slice('file:'.length), { readonly: true });
    cleanups.push(() => void readOnly.close());
    const error = await caught(() => readOnly.exec("INSERT INTO users (id, time_zone, created_at, updated_at) VALUES ('x', 'UTC', 0, 0)"));
    expect((error as { code: string }).code).toBe('SQLITE_READONLY');
    expect(isStorageUnavailable(error)).toBe(true);
  });

  it('a PostgreSQL server nobody answers for', async () => {
    const database = await openDatabase({ provider: 'postgresql', url: 'postgresql://postgres@127.0.0.1:9/tickler' });
    cleanups.push(() => database.close());
    expect(isStorageUnavailable(await caught(() => database.db.user.count()))).toBe(true);
  });

  it('a transaction PostgreSQL ended to break a deadlock (nothing of it was written, so the client may try again)', async () => {
    const database = await createTestDatabase('postgresql');
    cleanups.push(() => database.close());
    await database.db.$executeRawUnsafe('CREATE TABLE deadlock_probe (id integer PRIMARY KEY, n integer NOT NULL)');
    await database.db.$executeRawUnsafe('INSERT INTO deadlock_probe VALUES (1, 0), (2, 0)');
    let arrived = 0;
    let release!: () => void;
    const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
    const crosswise = (first: number, second: number) =>
      database.db.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${first}`);
        if ((arrived += 1) === 2) release();
        await bothHoldOne;
        await tx.$executeRawUnsafe(`UPDATE deadlock_probe SET n = n + 1 WHERE id = ${second}`);
      }, { timeout: 20_000 });
    const outcomes = await Promise.allSettled([crosswise(1, 2), crosswise(2, 1)]);
    const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(failures).toHaveLength(1);
    expect(isStorageUnavailable(failures[0]!.reason)).toBe(true);
  });

  it('but not a request that breaks a rule, nor a bug', async () => {
    const database = await createTestDatabase('postgresql');
    cleanups.push(() => database.close());
    await database.db.user.create({ data: { id: 'twice' } });
    expect(isStorageUnavailable(await caught(() => database.db.user.create({ data: { id: 'twice' } })))).toBe(false);
    expect(isStorageUnavailable(await caught(() => database.db.$queryRawUnsafe('SELECT no_such_column FROM users')))).toBe(false);
    expect(isStorageUnavailable(new AppError('tasks/not_found', 404, 'Task not found'))).toBe(false);
    expect(isStorageUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    // PostgreSQL's disk full and an administrator's shutdown, as the driver reports them.
    expect(isStorageUnavailable(Object.assign(new Error('could not extend file'), { code: '53100' }))).toBe(true);
    expect(isStorageUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
  });
});
