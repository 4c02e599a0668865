import type BetterSqlite3 from 'better-sqlite3';
import type { DatabaseProvider } from '../config.js';
import type { Db } from './database.js';
import { instantParam } from './raw-sql.js';
import { statementCache, writeImmediately } from './sqlite-writer.js';

/** One statement of a program: `?` marks its parameters (numbered `$n` on PostgreSQL). */
export type SqlStep = { kind: 'all' | 'run'; sql: string; params: readonly unknown[] };

/**
 * Work written as raw SQL once for both databases: a generator that yields its statements and gets
 * their results back, so the same steps run synchronously on SQLite's connection (one IMMEDIATE
 * transaction, nothing else can slip in between) and asynchronously in a PostgreSQL transaction.
 */
export type SqlProgram<T> = Generator<SqlStep, T, unknown>;

/** The rows a query answers (column names as in the database). */
export function* queryRows<R>(sql: string, ...params: unknown[]): Generator<SqlStep, R[], unknown> {
  return (yield { kind: 'all', sql, params }) as R[];
}

/** `?, ?, ?`: one parameter for each of `values` (an IN list). */
export function parameterList(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}

/** How many rows a statement changed. */
export function* execute(sql: string, ...params: unknown[]): Generator<SqlStep, number, unknown> {
  return (yield { kind: 'run', sql, params }) as number;
}

export interface SqlTarget {
  db: Db;
  provider: DatabaseProvider;
  /** On SQLite, Prisma's own connection: programs then run synchronously with prepared statements. */
  sqliteWriter?: BetterSqlite3.Database | undefined;
}

const caches = new WeakMap<BetterSqlite3.Database, (sql: string) => BetterSqlite3.Statement>();

/** Runs a program in one transaction. */
export async function runSqlProgram<T>(target: SqlTarget, program: () => SqlProgram<T>): Promise<T> {
  const { sqliteWriter: writer, provider } = target;
  if (writer) {
    let prepare = caches.get(writer);
    if (!prepare) caches.set(writer, (prepare = statementCache(writer)));
    const statementOf = prepare;
    return writeImmediately(writer, writer.transaction(() => driveSync(program(), (step) => runOnSqlite(statementOf(step.sql), step))));
  }
  return target.db.$transaction(
    async (tx) => {
      const steps = program();
      let next = steps.next();
      while (!next.done) {
        const { kind, sql, params } = next.value;
        let n = 0;
        const text = provider === 'postgresql' ? sql.replace(/\?/g, () => `$${(n += 1)}`) : sql;
        const values = params.map((value) => (value instanceof Date ? instantParam(provider, value) : value));
        next = steps.next(kind === 'all' ? await tx.$queryRawUnsafe(text, ...values) : await tx.$executeRawUnsafe(text, ...values));
      }
      return next.value;
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

function driveSync<T>(steps: SqlProgram<T>, run: (step: SqlStep) => unknown): T {
  let next = steps.next();
  while (!next.done) next = steps.next(run(next.value));
  return next.value;
}

function runOnSqlite(statement: BetterSqlite3.Statement, step: SqlStep): unknown {
  const values = step.params.map((value) => (value instanceof Date ? value.getTime() : typeof value === 'boolean' ? Number(value) : value));
  return step.kind === 'all' ? statement.all(...values) : statement.run(...values).changes;
}
