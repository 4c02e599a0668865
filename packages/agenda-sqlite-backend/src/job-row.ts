import { toJobId, type JobId, type JobParameters } from 'agenda';

/** A row of the jobs table as better-sqlite3 returns it. */
export interface JobRow {
  id: number;
  name: string;
  priority: number;
  next_run_at: number | null;
  type: 'normal' | 'single';
  locked_at: number | null;
  last_run_at: number | null;
  last_finished_at: number | null;
  failed_at: number | null;
  fail_count: number | null;
  fail_reason: string | null;
  repeat_interval: string | number | null;
  repeat_timezone: string | null;
  repeat_at: string | null;
  data: string | null;
  disabled: 0 | 1;
  progress: number | null;
  fork: 0 | 1;
  last_modified_by: string | null;
  debounce_started_at: number | null;
  start_date: number | null;
  end_date: number | null;
  skip_days: string | null;
  created_at: number;
  updated_at: number;
}

export type StoredJob<DATA = unknown> = JobParameters<DATA> & { _id: JobId };

/** Agenda hands dates over as Date objects, but jobs revived from JSON (forked workers) carry strings. */
export function toMillis(value: Date | string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const millis = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(millis)) throw new Error(`Invalid date for an Agenda job: ${String(value)}`);
  return millis;
}

function toDate(millis: number | null): Date | undefined {
  return millis === null ? undefined : new Date(millis);
}

function parseJson(text: string | null): unknown {
  return text === null ? undefined : JSON.parse(text);
}

/** JSON text for the `data` column; `undefined` data (a job created without any) is stored as NULL. */
export function toJsonText(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

/**
 * Job ids are the table's integer primary key. Anything that is not one (a Mongo ObjectId from a
 * previous backend, garbage from a URL) matches no job instead of throwing.
 */
export function parseJobId(id: unknown): number | undefined {
  const text = String(id);
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

export function rowToJob<DATA = unknown>(row: JobRow): StoredJob<DATA> {
  return {
    _id: toJobId(String(row.id)),
    name: row.name,
    priority: row.priority,
    nextRunAt: row.next_run_at === null ? null : new Date(row.next_run_at),
    type: row.type,
    data: parseJson(row.data) as DATA,
    lockedAt: toDate(row.locked_at),
    lastRunAt: toDate(row.last_run_at),
    lastFinishedAt: toDate(row.last_finished_at),
    failedAt: toDate(row.failed_at),
    failCount: row.fail_count ?? undefined,
    failReason: row.fail_reason ?? undefined,
    repeatInterval: row.repeat_interval ?? undefined,
    repeatTimezone: row.repeat_timezone ?? undefined,
    repeatAt: row.repeat_at ?? undefined,
    disabled: row.disabled === 1,
    progress: row.progress ?? undefined,
    fork: row.fork === 1,
    lastModifiedBy: row.last_modified_by ?? undefined,
    debounceStartedAt: toDate(row.debounce_started_at),
    startDate: toDate(row.start_date),
    endDate: toDate(row.end_date),
    skipDays: parseJson(row.skip_days) as number[] | undefined,
  };
}

/** Columns a caller's `save()` may write; the processor-managed ones go through saveJobState only. */
export interface DefinitionColumns {
  name: string;
  priority: number;
  next_run_at: number | null;
  type: 'normal' | 'single';
  repeat_interval: string | number | null;
  repeat_timezone: string | null;
  repeat_at: string | null;
  data: string | null;
  /** null means "not said": inserts store 0, updates keep the stored value. */
  disabled: 0 | 1 | null;
  fork: 0 | 1;
  last_modified_by: string | null;
  debounce_started_at: number | null;
  start_date: number | null;
  end_date: number | null;
  skip_days: string | null;
}

export function definitionColumns(job: JobParameters, lastModifiedBy: string | undefined): DefinitionColumns {
  return {
    name: job.name,
    priority: Number.isFinite(job.priority) ? job.priority : 0,
    next_run_at: toMillis(job.nextRunAt),
    type: job.type === 'single' ? 'single' : 'normal',
    repeat_interval: job.repeatInterval ?? null,
    repeat_timezone: job.repeatTimezone ?? null,
    repeat_at: job.repeatAt ?? null,
    data: toJsonText(job.data),
    disabled: job.disabled === undefined ? null : job.disabled ? 1 : 0,
    fork: job.fork ? 1 : 0,
    last_modified_by: lastModifiedBy ?? null,
    debounce_started_at: toMillis(job.debounceStartedAt),
    start_date: toMillis(job.startDate),
    end_date: toMillis(job.endDate),
    skip_days: job.skipDays ? JSON.stringify(job.skipDays) : null,
  };
}
