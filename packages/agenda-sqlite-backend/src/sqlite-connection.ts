import Database from 'better-sqlite3';

export type SynchronousMode = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

/** Either a file the backend opens (and closes) itself, or a connection the caller owns. */
export type SqliteConnectionOptions =
  | {
      /** Path of the SQLite file (created if missing). */
      filename: string;
      database?: undefined;
      /** How long a writer waits for another process's write lock, in ms (default 5000). */
      busyTimeoutMs?: number;
      /** `PRAGMA synchronous` (default NORMAL, the usual pairing with WAL). */
      synchronous?: SynchronousMode;
    }
  | {
      /** An open better-sqlite3 connection; its pragmas are left as they are and it is never closed. */
      database: Database.Database;
      filename?: undefined;
    };

const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * One better-sqlite3 connection shared by the repository and the logger, with a cache of the
 * statements that run on every poll.
 */
export class SqliteConnection {
  readonly ownsConnection: boolean;
  private current: Database.Database | undefined;
  private statements = new Map<string, Database.Statement>();
  private runner: { database: Database.Database; run: Database.Transaction<(body: () => unknown) => unknown> } | undefined;

  constructor(private readonly options: SqliteConnectionOptions) {
    this.ownsConnection = options.database === undefined;
    this.current = options.database;
  }

  open(): Database.Database {
    if (this.current?.open) return this.current;
    if (this.options.database) {
      throw new Error('The better-sqlite3 connection passed to the Agenda SQLite backend is closed');
    }
    const db = new Database(this.options.filename);
    // busy_timeout first: switching to WAL needs a lock another process may be holding.
    db.pragma(`busy_timeout = ${this.options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS}`);
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${this.options.synchronous ?? 'NORMAL'}`);
    this.current = db;
    this.statements.clear();
    return db;
  }

  get db(): Database.Database {
    if (!this.current?.open) {
      throw new Error('Agenda SQLite backend is not connected (call connect() or start Agenda first)');
    }
    return this.current;
  }

  /** Prepared once per connection; only for SQL whose text does not depend on the caller's input. */
  cached(sql: string): Database.Statement {
    let statement = this.statements.get(sql);
    if (!statement || statement.database !== this.db) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Runs `fn` inside `BEGIN IMMEDIATE`: the write lock is taken before anything is read, so two
   * processes can never both act on the same snapshot (and busy_timeout applies to the wait).
   */
  immediate<T>(fn: () => T): T {
    const db = this.db;
    // One wrapper per connection: better-sqlite3 builds a transaction function fairly expensively.
    if (this.runner?.database !== db) {
      this.runner = { database: db, run: db.transaction((body: () => unknown) => body()) };
    }
    return this.runner.run.immediate(fn) as T;
  }

  /** Closes the file the backend opened itself; a caller's connection is only forgotten about. */
  close(): void {
    this.statements.clear();
    this.runner = undefined;
    if (!this.ownsConnection) return;
    if (this.current?.open) this.current.close();
    this.current = undefined;
  }
}
