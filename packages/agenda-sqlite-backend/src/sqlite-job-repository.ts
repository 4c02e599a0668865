import type {
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  RemoveJobsOptions,
} from 'agenda';
import { claimNextJob, lockKnownJob } from './claim-job.js';
import { selectorFilter, whereClause } from './job-filters.js';
import { parseJobId, rowToJob, toMillis, type JobRow } from './job-row.js';
import { jobsOverview, queryJobs } from './query-jobs.js';
import { saveJob } from './save-job.js';
import { jobsSchemaStatements, quoteTableName } from './schema.js';
import type { SqliteConnection } from './sqlite-connection.js';

export interface SqliteJobRepositoryOptions {
  tableName: string;
  /** Create the table and its indexes on connect (idempotent). */
  ensureSchema: boolean;
}

/**
 * Agenda's JobRepository on one better-sqlite3 connection. better-sqlite3 is synchronous: every
 * method does its work before returning a settled promise.
 */
export class SqliteJobRepository implements JobRepository {
  private readonly table: string;

  constructor(
    private readonly connection: SqliteConnection,
    private readonly options: SqliteJobRepositoryOptions,
  ) {
    this.table = quoteTableName(options.tableName);
  }

  async connect(): Promise<void> {
    const db = this.connection.open();
    if (this.options.ensureSchema) {
      this.connection.immediate(() => {
        for (const statement of jobsSchemaStatements(this.options.tableName)) db.exec(statement);
      });
    }
  }

  async disconnect(): Promise<void> {
    this.connection.close();
  }

  async queryJobs(options?: JobsQueryOptions): Promise<JobsResult> {
    return queryJobs(this.connection, this.table, options);
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    return jobsOverview(this.connection, this.table);
  }

  async getDistinctJobNames(): Promise<string[]> {
    return this.connection.cached(`SELECT DISTINCT name FROM ${this.table} ORDER BY name`).pluck().all() as string[];
  }

  async getJobById(id: string): Promise<JobParameters | null> {
    const parsed = parseJobId(id);
    if (parsed === undefined) return null;
    const row = this.connection.cached(`SELECT * FROM ${this.table} WHERE id = ?`).get(parsed) as JobRow | undefined;
    return row ? rowToJob(row) : null;
  }

  /** Jobs whose run time has passed, locked or not (what Agenda's status reports as the DB queue). */
  async getQueueSize(): Promise<number> {
    return this.connection
      .cached(`SELECT COUNT(*) FROM ${this.table} WHERE next_run_at < ?`)
      .pluck()
      .get(Date.now()) as number;
  }

  /** With no criteria at all nothing is removed; purgeAllJobs() is the explicit way to empty the table. */
  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = selectorFilter(options);
    if (filter.conditions.length === 0) return 0;
    return this.connection.db.prepare(`DELETE FROM ${this.table} ${whereClause(filter)}`).run(...filter.params).changes;
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, 1);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, 0);
  }

  private setDisabled(options: RemoveJobsOptions, disabled: 0 | 1): number {
    const filter = selectorFilter(options);
    if (filter.conditions.length === 0) return 0;
    return this.connection.db
      .prepare(`UPDATE ${this.table} SET disabled = ?, updated_at = ? ${whereClause(filter)}`)
      .run(disabled, Date.now(), ...filter.params).changes;
  }

  async purgeAllJobs(): Promise<number> {
    return this.connection.cached(`DELETE FROM ${this.table}`).run().changes;
  }

  async saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    return saveJob(this.connection, this.table, job, options);
  }

  /** The processor's writes: lock, run bookkeeping, failure and progress. */
  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    const id = parseJobId(job._id);
    const changes =
      id === undefined
        ? 0
        : this.connection
            .cached(
              `UPDATE ${this.table}
               SET locked_at = ?, next_run_at = ?, last_run_at = ?, progress = ?, fail_reason = ?,
                   fail_count = ?, failed_at = ?, last_finished_at = ?, last_modified_by = ?, updated_at = ?
               WHERE id = ? AND name = ?`,
            )
            .run(
              toMillis(job.lockedAt),
              toMillis(job.nextRunAt),
              toMillis(job.lastRunAt),
              job.progress ?? null,
              job.failReason ?? null,
              job.failCount ?? null,
              toMillis(job.failedAt),
              toMillis(job.lastFinishedAt),
              options?.lastModifiedBy ?? null,
              Date.now(),
              id,
              job.name,
            ).changes;
    if (changes !== 1) {
      throw new Error(`job ${String(job._id)} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`);
    }
  }

  async lockJob(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<JobParameters | undefined> {
    return lockKnownJob(this.connection, this.table, job, options?.lastModifiedBy);
  }

  /** Agenda releases a claimed job it will not run soon; a one-off job already started (nextRunAt null) keeps its lock. */
  async unlockJob(job: JobParameters): Promise<void> {
    const id = parseJobId(job._id);
    if (id === undefined) return;
    this.connection
      .cached(`UPDATE ${this.table} SET locked_at = NULL, updated_at = ? WHERE id = ? AND next_run_at IS NOT NULL`)
      .run(Date.now(), id);
  }

  /** agenda.stop(): releases the jobs this process claimed but had not started. */
  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    const ids = jobIds.map(parseJobId).filter((id): id is number => id !== undefined);
    if (ids.length === 0) return;
    this.connection
      .cached(`UPDATE ${this.table} SET locked_at = NULL, updated_at = ? WHERE id IN (SELECT value FROM json_each(?))`)
      .run(Date.now(), JSON.stringify(ids));
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    return claimNextJob(this.connection, this.table, {
      jobName,
      nextScanAt,
      lockDeadline,
      lockedAt: now ?? new Date(),
      lastModifiedBy: options?.lastModifiedBy,
    });
  }
}
