import { InMemoryNotificationChannel, type AgendaBackend, type NotificationChannel } from 'agenda';
import type Database from 'better-sqlite3';
import { SqliteConnection, type SqliteConnectionOptions } from './sqlite-connection.js';
import { SqliteJobLogger } from './sqlite-job-logger.js';
import { SqliteJobRepository } from './sqlite-job-repository.js';

export type SqliteBackendOptions = SqliteConnectionOptions & {
  /** Jobs table (default `agenda_jobs`). */
  tableName?: string;
  /** Table for Agenda's persistent job log, used only with `new Agenda({ logging: true })` (default `agenda_logs`). */
  logTableName?: string;
  /** Create the tables and indexes if missing (default true). Turn off when migrations own the schema. */
  ensureSchema?: boolean;
  /**
   * Wake this process's Agenda as soon as it saves a job that is due, instead of at the next
   * poll. Other processes still find it on their next poll. Default false.
   */
  inProcessNotifications?: boolean;
};

/**
 * Agenda 6 backend storing jobs in SQLite through better-sqlite3. Several processes may share one
 * database file: each claim is a BEGIN IMMEDIATE transaction, so a job is locked by one of them.
 *
 * @example
 * const agenda = new Agenda({ backend: new SqliteBackend({ filename: 'data/tickler.db' }) });
 */
export class SqliteBackend implements AgendaBackend {
  readonly name = 'SQLite';
  readonly repository: SqliteJobRepository;
  readonly logger: SqliteJobLogger;
  readonly notificationChannel: NotificationChannel | undefined;
  private readonly connection: SqliteConnection;

  constructor(options: SqliteBackendOptions) {
    this.connection = new SqliteConnection(options);
    const ensureSchema = options.ensureSchema ?? true;
    this.repository = new SqliteJobRepository(this.connection, {
      tableName: options.tableName ?? 'agenda_jobs',
      ensureSchema,
    });
    this.logger = new SqliteJobLogger(this.connection, {
      tableName: options.logTableName ?? 'agenda_logs',
      ensureSchema,
    });
    this.notificationChannel = options.inProcessNotifications ? new InMemoryNotificationChannel() : undefined;
  }

  /** True when the backend opened the file itself; agenda.stop() then closes it. */
  get ownsConnection(): boolean {
    return this.connection.ownsConnection;
  }

  /** The open connection (after connect()), e.g. to write a job and your own rows in one transaction. */
  get database(): Database.Database {
    return this.connection.db;
  }

  async connect(): Promise<void> {
    await this.repository.connect();
  }

  async disconnect(): Promise<void> {
    await this.repository.disconnect();
  }
}
