import type { JobLogEntry, JobLogger, JobLogQuery, JobLogQueryResult } from 'agenda';
import { type SqlFilter, whereClause } from './job-filters.js';
import { logsSchemaStatements, quoteTableName } from './schema.js';
import type { SqliteConnection } from './sqlite-connection.js';

interface LogRow {
  id: number;
  timestamp: number;
  level: JobLogEntry['level'];
  event: JobLogEntry['event'];
  job_id: string | null;
  job_name: string;
  message: string;
  duration: number | null;
  error: string | null;
  fail_count: number | null;
  retry_delay: number | null;
  retry_attempt: number | null;
  agenda_name: string | null;
  meta: string | null;
}

function rowToEntry(row: LogRow): JobLogEntry {
  return {
    _id: String(row.id),
    timestamp: new Date(row.timestamp),
    level: row.level,
    event: row.event,
    jobId: row.job_id ?? undefined,
    jobName: row.job_name,
    message: row.message,
    duration: row.duration ?? undefined,
    error: row.error ?? undefined,
    failCount: row.fail_count ?? undefined,
    retryDelay: row.retry_delay ?? undefined,
    retryAttempt: row.retry_attempt ?? undefined,
    agendaName: row.agenda_name ?? undefined,
    meta: row.meta === null ? undefined : (JSON.parse(row.meta) as Record<string, unknown>),
  };
}

function oneOrMany<T>(column: string, value: T | T[] | undefined, filter: SqlFilter): void {
  if (value === undefined) return;
  const values = Array.isArray(value) ? value : [value];
  filter.conditions.push(`${column} IN (SELECT value FROM json_each(?))`);
  filter.params.push(JSON.stringify(values));
}

function logFilter(query: JobLogQuery): SqlFilter {
  const filter: SqlFilter = { conditions: [], params: [] };
  if (query.jobId !== undefined) {
    filter.conditions.push('job_id = ?');
    filter.params.push(query.jobId);
  }
  if (query.jobName !== undefined) {
    filter.conditions.push('job_name = ?');
    filter.params.push(query.jobName);
  }
  oneOrMany('level', query.level, filter);
  oneOrMany('event', query.event, filter);
  if (query.from) {
    filter.conditions.push('timestamp >= ?');
    filter.params.push(query.from.getTime());
  }
  if (query.to) {
    filter.conditions.push('timestamp <= ?');
    filter.params.push(query.to.getTime());
  }
  return filter;
}

/**
 * Agenda's persistent job log (`new Agenda({ logging: true })`) in a table next to the jobs. The
 * table is created on first use, so backends that never log never create it.
 */
export class SqliteJobLogger implements JobLogger {
  private readonly table: string;
  private ready = false;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly options: { tableName: string; ensureSchema: boolean },
  ) {
    this.table = quoteTableName(options.tableName);
  }

  private prepare(): void {
    if (this.ready) return;
    if (this.options.ensureSchema) {
      const db = this.connection.db;
      this.connection.immediate(() => {
        for (const statement of logsSchemaStatements(this.options.tableName)) db.exec(statement);
      });
    }
    this.ready = true;
  }

  async log(entry: Omit<JobLogEntry, '_id'>): Promise<void> {
    this.prepare();
    this.connection
      .cached(
        `INSERT INTO ${this.table}
           (timestamp, level, event, job_id, job_name, message, duration, error, fail_count,
            retry_delay, retry_attempt, agenda_name, meta)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.timestamp.getTime(),
        entry.level,
        entry.event,
        entry.jobId ?? null,
        entry.jobName,
        entry.message,
        entry.duration ?? null,
        entry.error ?? null,
        entry.failCount ?? null,
        entry.retryDelay ?? null,
        entry.retryAttempt ?? null,
        entry.agendaName ?? null,
        entry.meta === undefined ? null : JSON.stringify(entry.meta),
      );
  }

  async getLogs(query: JobLogQuery = {}): Promise<JobLogQueryResult> {
    this.prepare();
    const filter = logFilter(query);
    const where = whereClause(filter);
    const db = this.connection.db;
    const total = db.prepare(`SELECT COUNT(*) FROM ${this.table} ${where}`).pluck().get(...filter.params) as number;
    const direction = query.sort === 'asc' ? 'ASC' : 'DESC';
    const rows = db
      .prepare(`SELECT * FROM ${this.table} ${where} ORDER BY timestamp ${direction}, id ${direction} LIMIT ? OFFSET ?`)
      .all(...filter.params, query.limit ?? 50, query.offset ?? 0) as LogRow[];
    return { entries: rows.map(rowToEntry), total };
  }

  /** Without a query every entry is deleted; limit/offset do not apply to deletion. */
  async clearLogs(query: JobLogQuery = {}): Promise<number> {
    this.prepare();
    const filter = logFilter(query);
    return this.connection.db.prepare(`DELETE FROM ${this.table} ${whereClause(filter)}`).run(...filter.params).changes;
  }
}
