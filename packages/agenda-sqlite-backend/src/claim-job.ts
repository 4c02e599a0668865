import type { JobParameters } from 'agenda';
import { parseJobId, rowToJob, toMillis, type JobRow, type StoredJob } from './job-row.js';
import type { SqliteConnection } from './sqlite-connection.js';

interface Candidate {
  id: number;
  next_run_at: number | null;
  priority: number;
}

/** SQLite's ORDER BY next_run_at ASC (NULLs first), priority DESC, id ASC, for two candidates. */
function runsFirst(a: Candidate, b: Candidate): boolean {
  if (a.next_run_at !== b.next_run_at) {
    if (a.next_run_at === null) return true;
    if (b.next_run_at === null) return false;
    return a.next_run_at < b.next_run_at;
  }
  if (a.priority !== b.priority) return a.priority > b.priority;
  return a.id < b.id;
}

export interface ClaimRequest {
  jobName: string;
  /** Jobs due up to here are claimed now and started on time by Agenda's in-memory timer. */
  nextScanAt: Date;
  /** A lock taken before this moment belongs to a worker that died or hung, so it may be taken over. */
  lockDeadline: Date;
  lockedAt: Date;
  lastModifiedBy: string | undefined;
}

/**
 * Finds and locks the next job of one name in a single BEGIN IMMEDIATE transaction, so across all
 * processes sharing the file exactly one caller gets each job. Two index lookups (unlocked due jobs,
 * expired locks) instead of one OR query keep both on their partial index and the claim O(log n).
 */
export function claimNextJob(connection: SqliteConnection, table: string, request: ClaimRequest): StoredJob | undefined {
  const nextScanAt = toMillis(request.nextScanAt);
  const lockDeadline = toMillis(request.lockDeadline);
  return connection.immediate(() => {
    const due = connection
      .cached(
        `SELECT id, next_run_at, priority FROM ${table}
         WHERE name = ? AND locked_at IS NULL AND disabled = 0 AND next_run_at <= ?
         ORDER BY next_run_at, priority DESC, id LIMIT 1`,
      )
      .get(request.jobName, nextScanAt) as Candidate | undefined;
    const expired = connection
      .cached(
        `SELECT id, next_run_at, priority FROM ${table}
         WHERE name = ? AND locked_at <= ? AND disabled = 0
         ORDER BY next_run_at, priority DESC, id LIMIT 1`,
      )
      .get(request.jobName, lockDeadline) as Candidate | undefined;
    const chosen = due && expired ? (runsFirst(due, expired) ? due : expired) : (due ?? expired);
    if (!chosen) return undefined;
    const row = connection
      .cached(`UPDATE ${table} SET locked_at = ?, last_modified_by = ?, updated_at = ? WHERE id = ? RETURNING *`)
      .get(toMillis(request.lockedAt), request.lastModifiedBy ?? null, Date.now(), chosen.id) as JobRow;
    return rowToJob(row);
  });
}

/** Locks one known job, only if it is still unlocked, enabled and scheduled for the time the caller saw. */
export function lockKnownJob(
  connection: SqliteConnection,
  table: string,
  job: JobParameters,
  lastModifiedBy: string | undefined,
): StoredJob | undefined {
  const id = parseJobId(job._id);
  if (id === undefined) return undefined;
  const now = Date.now();
  const row = connection
    .cached(
      `UPDATE ${table} SET locked_at = ?, last_modified_by = ?, updated_at = ?
       WHERE id = ? AND name = ? AND locked_at IS NULL AND disabled = 0 AND next_run_at IS ?
       RETURNING *`,
    )
    .get(now, lastModifiedBy ?? null, now, id, job.name, toMillis(job.nextRunAt)) as JobRow | undefined;
  return row ? rowToJob(row) : undefined;
}
