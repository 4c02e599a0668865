import type BetterSqlite3 from 'better-sqlite3';

/**
 * Work written synchronously on Prisma's own SQLite connection (the task store, webhook claims and
 * attempt logs): a Prisma transaction holds that connection across event-loop turns, so the work waits
 * until none is open rather than nest in it, then runs as one IMMEDIATE transaction.
 */
export async function writeImmediately<A extends unknown[], T>(
  writer: BetterSqlite3.Database,
  transaction: BetterSqlite3.Transaction<(...args: A) => T>,
  ...args: A
): Promise<T> {
  while (writer.inTransaction) await new Promise((resolve) => setImmediate(resolve));
  return transaction.immediate(...args);
}

/** Prepares each distinct SQL text once on `db` (statements whose shape varies with their input). */
export function statementCache(db: BetterSqlite3.Database): (sql: string) => BetterSqlite3.Statement {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return (sql) => {
    let statement = prepared.get(sql);
    if (!statement) prepared.set(sql, (statement = db.prepare(sql)));
    return statement;
  };
}
