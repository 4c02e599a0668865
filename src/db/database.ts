import path from 'node:path';
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import type { PrismaClient as SqliteClient, Prisma } from '../generated/sqlite/client.js';
import type { Config, DatabaseProvider } from '../config.js';
import { sqliteFilePath } from './migrate-sqlite.js';
import { makePrivateDirectory, makeSqliteFilesPrivate } from './private-files.js';

/**
 * The two generated clients expose the same model API (they come from one schema); the service
 * layer is typed against the SQLite one and works unchanged with either.
 */
export type Db = SqliteClient;

/** The client handed to `db.$transaction(async (tx) => …)` callbacks. */
export type Tx = Prisma.TransactionClient;

/**
 * The drivers under Prisma, for the few hot paths that run their own SQL (see src/tasks/store/).
 * They are Prisma's own connections, not extra ones, so nothing else competes for SQLite's write lock.
 */
export type RawDriver = (
  | {
      provider: 'sqlite';
      /** Prisma's own connection: every write to the file goes through it. */
      writer: BetterSqlite3.Database;
      /** A read-only connection: in WAL mode it reads the last committed state and never blocks. */
      reader: BetterSqlite3.Database;
    }
  | { provider: 'postgresql'; pool: pg.Pool }
) & {
  /** Told the text of each read the task store makes on these connections (see OpenDatabaseOptions.onQuery). */
  onQuery?: ((sql: string) => void) | undefined;
};

export interface Database {
  provider: DatabaseProvider;
  db: Db;
  raw: RawDriver;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL pool size; SQLite uses one connection. */
  poolSize?: number;
  /**
   * Told the text of every SQL statement the Prisma client sends, and of every read the task store
   * makes on the raw connections (tests count a request's statements with it).
   */
  onQuery?: (sql: string) => void;
  /** Told when the server drops an idle pooled PostgreSQL connection (restart, admin command). */
  onPoolError?: (error: Error) => void;
  /** How long a SQLite statement waits for the file's lock before failing as busy (default 10 s). */
  sqliteBusyTimeoutMs?: number;
}

type QueryLog = Array<{ emit: 'event'; level: 'query' }>;
type QueryLogClient = { $on(event: 'query', listener: (event: { query: string }) => void): void };

export async function openDatabase(database: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  const log: QueryLog = options.onQuery ? [{ emit: 'event', level: 'query' }] : [];
  const opened =
    database.provider === 'postgresql'
      ? await openPostgres(database.url, options, log)
      : await openSqlite(database.url, log, options.sqliteBusyTimeoutMs ?? 10_000);
  const { db, raw } = opened;
  const onQuery = options.onQuery;
  if (onQuery) (db as unknown as QueryLogClient).$on('query', (event) => onQuery(event.query));
  return {
    provider: database.provider,
    db,
    raw: { ...raw, onQuery },
    async ping() {
      try {
        await db.$queryRawUnsafe('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      await db.$disconnect();
      if (raw.provider === 'sqlite') raw.reader.close();
      else await raw.pool.end();
    },
  };
}

// Each provider loads its own driver, adapter and generated client, and only those: a SQLite service
// never loads pg, a PostgreSQL one never loads better-sqlite3.
async function openPostgres(url: string, options: OpenDatabaseOptions, log: QueryLog): Promise<{ db: Db; raw: RawDriver }> {
  const [{ default: pg }, { PrismaPg }, { PrismaClient: PostgresClient }] = await Promise.all([
    import('pg'),
    import('@prisma/adapter-pg'),
    import('../generated/postgresql/client.js'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // Without a listener, an idle connection dropped by the server would crash the process; the pool
  // replaces it on the next query.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = new PostgresClient({ adapter: new PrismaPg(pool), log }) as unknown as Db;
  return { db, raw: { provider: 'postgresql', pool } };
}

/** The connection object the better-sqlite3 adapter keeps; not part of its typed surface. */
type AdapterWithClient = SqlDriverAdapter & { client?: BetterSqlite3.Database };

async function openSqlite(url: string, log: QueryLog, timeout: number): Promise<{ db: Db; raw: RawDriver }> {
  const [{ default: BetterSqlite3 }, { PrismaBetterSqlite3 }, { PrismaClient: SqliteClient }] = await Promise.all([
    import('better-sqlite3'),
    import('@prisma/adapter-better-sqlite3'),
    import('../generated/sqlite/client.js'),
  ]);
  const file = sqliteFilePath(url);
  makePrivateDirectory(path.dirname(file));
  makeSqliteFilesPrivate(file);
  // Timestamps as epoch milliseconds: compact, and they order and compare correctly in raw SQL.
  const adapter = new PrismaBetterSqlite3({ url: file, timeout }, { timestampFormat: 'unixepoch-ms' });
  let writer: BetterSqlite3.Database | undefined;
  const capturingFactory: SqlDriverAdapterFactory = {
    provider: adapter.provider,
    adapterName: adapter.adapterName,
    async connect() {
      const connected = (await adapter.connect()) as AdapterWithClient;
      writer = connected.client;
      return connected;
    },
  };
  const db = new SqliteClient({ adapter: capturingFactory, log }) as unknown as Db;
  // The adapter keeps one connection, so per-connection pragmas set here hold for every query.
  // WAL with synchronous=NORMAL survives a process crash; only an OS crash or power loss can lose the
  // last commits. Foreign keys are enforced as on PostgreSQL.
  await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
  await db.$queryRawUnsafe('PRAGMA foreign_keys = ON');
  if (!writer) throw new Error('the SQLite adapter did not expose its connection');
  const reader = new BetterSqlite3(file, { readonly: true, timeout });
  return { db, raw: { provider: 'sqlite', writer, reader } };
}
