import {
  computeJobState,
  type JobsOverview,
  type JobsQueryOptions,
  type JobsResult,
  type JobsSort,
  type JobWithState,
} from 'agenda';
import { queryFilter, whereClause } from './job-filters.js';
import { rowToJob, type JobRow } from './job-row.js';
import type { SqliteConnection } from './sqlite-connection.js';

const SORT_COLUMNS: Record<keyof JobsSort, string> = {
  nextRunAt: 'next_run_at',
  lastRunAt: 'last_run_at',
  lastFinishedAt: 'last_finished_at',
  priority: 'priority',
  name: 'name',
  data: 'data',
};

/** Without a sort, newest schedules first, like the Mongo backend (whose nulls also sort last on DESC). */
function orderBy(sort: JobsSort | undefined): string {
  const parts = Object.entries(sort ?? {})
    .filter(([key, direction]) => key in SORT_COLUMNS && direction !== undefined)
    .map(([key, direction]) => `${SORT_COLUMNS[key as keyof JobsSort]} ${direction === 'asc' ? 'ASC' : 'DESC'}`);
  if (parts.length === 0) parts.push('next_run_at DESC', 'last_run_at DESC');
  // id last: pages stay stable when many jobs share a timestamp.
  return `ORDER BY ${[...parts, 'id ASC'].join(', ')}`;
}

function withState(row: JobRow, now: Date): JobWithState {
  const job = rowToJob(row);
  return { ...job, state: computeJobState(job, now) };
}

/**
 * Agenda's state ('running', 'failed', ...) is computed from timestamps by `computeJobState`; it is
 * applied in JS so it can never drift from Agenda's definition. Without a state filter the count and
 * the page come from SQL; with one, the filtered rows are paged here.
 */
export function queryJobs(connection: SqliteConnection, table: string, options: JobsQueryOptions = {}): JobsResult {
  const now = new Date();
  const filter = queryFilter(options);
  const where = whereClause(filter);
  const skip = Math.max(0, options.skip ?? 0);
  const limit = Math.max(0, options.limit ?? 0);
  const db = connection.db;

  if (!options.state) {
    const { total } = db.prepare(`SELECT COUNT(*) AS total FROM ${table} ${where}`).get(...filter.params) as {
      total: number;
    };
    const page = limit > 0 ? 'LIMIT ? OFFSET ?' : skip > 0 ? 'LIMIT -1 OFFSET ?' : '';
    const pageParams = limit > 0 ? [limit, skip] : skip > 0 ? [skip] : [];
    const rows = db
      .prepare(`SELECT * FROM ${table} ${where} ${orderBy(options.sort)} ${page}`)
      .all(...filter.params, ...pageParams) as JobRow[];
    return { jobs: rows.map((row) => withState(row, now)), total };
  }

  const state = options.state;
  const rows = db.prepare(`SELECT * FROM ${table} ${where} ${orderBy(options.sort)}`).all(...filter.params) as JobRow[];
  const matching = rows
    .map((row) => withState(row, now))
    .filter((job) => (state === 'paused' ? job.disabled === true : job.state === state));
  const jobs = limit > 0 ? matching.slice(skip, skip + limit) : matching.slice(skip);
  return { jobs, total: matching.length };
}

type OverviewRow = Pick<
  JobRow,
  'name' | 'locked_at' | 'last_finished_at' | 'failed_at' | 'next_run_at' | 'repeat_interval' | 'disabled'
>;

/** Per job name, how many jobs are in each state; 'paused' counts disabled jobs on top of their state. */
export function jobsOverview(connection: SqliteConnection, table: string): JobsOverview[] {
  const now = new Date();
  const byName = new Map<string, JobsOverview>();
  const rows = connection
    .cached(
      `SELECT name, locked_at, last_finished_at, failed_at, next_run_at, repeat_interval, disabled
       FROM ${table} ORDER BY name`,
    )
    .iterate() as IterableIterator<OverviewRow>;
  for (const row of rows) {
    let overview = byName.get(row.name);
    if (!overview) {
      overview = {
        name: row.name,
        total: 0,
        running: 0,
        scheduled: 0,
        queued: 0,
        completed: 0,
        failed: 0,
        repeating: 0,
        paused: 0,
      };
      byName.set(row.name, overview);
    }
    const state = computeJobState(
      {
        name: row.name,
        priority: 0,
        type: 'normal',
        data: undefined,
        lockedAt: row.locked_at === null ? undefined : new Date(row.locked_at),
        lastFinishedAt: row.last_finished_at === null ? undefined : new Date(row.last_finished_at),
        failedAt: row.failed_at === null ? undefined : new Date(row.failed_at),
        nextRunAt: row.next_run_at === null ? null : new Date(row.next_run_at),
        repeatInterval: row.repeat_interval ?? undefined,
      },
      now,
    );
    overview.total += 1;
    overview[state] += 1;
    if (row.disabled === 1) overview.paused += 1;
  }
  return [...byName.values()];
}
