import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient, type Prisma } from '../generated/sqlite/client.js';
import { PrismaClient as PostgresClient } from '../generated/postgresql/client.js';
import type { Config, DatabaseProvider } from '../config.js';
import { sqliteFilePath } from './migrate-sqlite.js';

/**
 * The two generated clients expose the same model API (they come from one schema); the service
 * layer is typed against the SQLite one and works unchanged with either.
 */
export type Db = SqliteClient;

/** The client handed to `db.$transaction(async (tx) => …)` callbacks. */
export type Tx = Prisma.TransactionClient;

export interface Database {
  provider: DatabaseProvider;
  db: Db;
  /** true when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL pool size; SQLite uses one connection. */
  poolSize?: number;
  /** Told the text of every SQL statement the client sends (tests count statements with it). */
  onQuery?: (sql: string) => void;
}

type QueryLogClient = { $on(event: 'query', listener: (event: { query: string }) => void): void };

export async function openDatabase(database: Config['database'], options: OpenDatabaseOptions = {}): Promise<Database> {
  const log = options.onQuery ? [{ emit: 'event' as const, level: 'query' as const }] : [];
  const db =
    database.provider === 'postgresql'
      ? (new PostgresClient({
          adapter: new PrismaPg({ connectionString: database.url, max: options.poolSize ?? 10 }),
          log,
        }) as unknown as Db)
      : await openSqlite(database.url, log);
  const onQuery = options.onQuery;
  if (onQuery) (db as unknown as QueryLogClient).$on('query', (event) => onQuery(event.query));
  return {
    provider: database.provider,
    db,
    async ping() {
      try {
        await db.$queryRawUnsafe('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.$disconnect(),
  };
}

async function openSqlite(url: string, log: Array<{ emit: 'event'; level: 'query' }>): Promise<Db> {
  const file = sqliteFilePath(url);
  mkdirSync(path.dirname(file), { recursive: true });
  // Timestamps as epoch milliseconds: compact, and they order and compare correctly in raw SQL.
  const db = new SqliteClient({
    adapter: new PrismaBetterSqlite3({ url: file, timeout: 10_000 }, { timestampFormat: 'unixepoch-ms' }),
    log,
  }) as unknown as Db;
  // The adapter keeps one connection, so per-connection pragmas set here hold for every query.
  // WAL with synchronous=NORMAL survives a process crash; only an OS crash or power loss can lose the
  // last commits. Foreign keys are enforced as on PostgreSQL.
  await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
  await db.$queryRawUnsafe('PRAGMA foreign_keys = ON');
  return db;
}
