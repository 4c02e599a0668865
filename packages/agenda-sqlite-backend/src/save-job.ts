import type { DebounceOptions, JobParameters, JobRepositoryOptions } from 'agenda';
import { definitionColumns, parseJobId, rowToJob, type DefinitionColumns, type JobRow, type StoredJob } from './job-row.js';
import { uniqueFilter } from './job-filters.js';
import type { SqliteConnection } from './sqlite-connection.js';

const DEFINITION_COLUMN_NAMES = [
  'name',
  'priority',
  'next_run_at',
  'type',
  'repeat_interval',
  'repeat_timezone',
  'repeat_at',
  'data',
  'disabled',
  'fork',
  'last_modified_by',
  'debounce_started_at',
  'start_date',
  'end_date',
  'skip_days',
] as const;

interface SaveSql {
  insert: string;
  updateById: string;
  updateByIdAndName: string;
}

const sqlByTable = new Map<string, SaveSql>();

/** The statements' text only depends on the table, so it is built once per table. */
function saveSql(table: string): SaveSql {
  let sql = sqlByTable.get(table);
  if (!sql) {
    const columns = [...DEFINITION_COLUMN_NAMES, 'created_at', 'updated_at'];
    const assignments = DEFINITION_COLUMN_NAMES.map((column) =>
      column === 'disabled' ? 'disabled = COALESCE(@disabled, disabled)' : `${column} = @${column}`,
    ).join(', ');
    const update = `UPDATE ${table} SET ${assignments}, updated_at = @updated_at WHERE`;
    sql = {
      insert: `INSERT INTO ${table} (${columns.join(', ')})
        VALUES (${columns.map((column) => `@${column}`).join(', ')})
        RETURNING *`,
      updateById: `${update} id = @id RETURNING *`,
      updateByIdAndName: `${update} id = @id AND name = @name RETURNING *`,
    };
    sqlByTable.set(table, sql);
  }
  return sql;
}

function insert(connection: SqliteConnection, table: string, columns: DefinitionColumns, now: number): JobRow {
  return connection
    .cached(saveSql(table).insert)
    .get({ ...columns, disabled: columns.disabled ?? 0, created_at: now, updated_at: now }) as JobRow;
}

function updateById(connection: SqliteConnection, table: string, id: number, columns: DefinitionColumns, now: number) {
  return connection.cached(saveSql(table).updateById).get({ ...columns, id, updated_at: now }) as JobRow;
}

/**
 * Trailing debounce pushes the run back on every save, bounded by maxWait; its window lasts until
 * the run happens (nextRunAt cleared). Leading runs on the first save and, for `delay` ms after it,
 * later saves only refresh the data.
 */
function debounced(
  debounce: DebounceOptions,
  requested: number | null,
  existing: JobRow | undefined,
  now: number,
): Pick<DefinitionColumns, 'next_run_at' | 'debounce_started_at'> {
  if (debounce.strategy === 'leading') {
    const started = existing?.debounce_started_at ?? null;
    if (existing && started !== null && now - started < debounce.delay) {
      return { next_run_at: existing.next_run_at, debounce_started_at: started };
    }
    return { next_run_at: requested ?? now, debounce_started_at: now };
  }
  const pendingSince = existing && existing.next_run_at !== null ? existing.debounce_started_at : null;
  if (pendingSince === null) {
    return { next_run_at: now + debounce.delay, debounce_started_at: now };
  }
  if (debounce.maxWait !== undefined && now - pendingSince >= debounce.maxWait) {
    // Keep the window open so saves arriving before the forced run do not postpone it again.
    return { next_run_at: now, debounce_started_at: pendingSince };
  }
  return { next_run_at: now + debounce.delay, debounce_started_at: pendingSince };
}

/**
 * Job.save(): update by id, upsert by name for `single` (every()) jobs, upsert by the `unique()`
 * query, or insert. Upserts run in one BEGIN IMMEDIATE transaction so concurrent processes saving
 * the same unique job end up with one row.
 */
export function saveJob<DATA>(
  connection: SqliteConnection,
  table: string,
  job: JobParameters<DATA>,
  options: JobRepositoryOptions | undefined,
): StoredJob<DATA> {
  const columns = definitionColumns(job as JobParameters, options?.lastModifiedBy);
  const now = Date.now();

  if (job._id !== undefined) {
    const id = parseJobId(job._id);
    const update = connection.cached(saveSql(table).updateByIdAndName);
    const row = id === undefined ? undefined : (update.get({ ...columns, id, updated_at: now }) as JobRow | undefined);
    // A job removed while the caller held it stays removed; Agenda expects its own data back.
    return row ? rowToJob<DATA>(row) : (job as StoredJob<DATA>);
  }

  if (columns.type === 'single') {
    return connection.immediate(() => {
      const existing = connection
        .cached(`SELECT * FROM ${table} WHERE name = ? AND type = 'single' LIMIT 1`)
        .get(columns.name) as JobRow | undefined;
      if (!existing) return rowToJob<DATA>(insert(connection, table, columns, now));
      // every() at boot asks for a run now; a run the stored job already has keeps its time instead.
      const keepScheduled =
        existing.next_run_at !== null && columns.next_run_at !== null && columns.next_run_at <= now;
      const nextRunAt = keepScheduled ? existing.next_run_at : columns.next_run_at;
      return rowToJob<DATA>(updateById(connection, table, existing.id, { ...columns, next_run_at: nextRunAt }, now));
    });
  }

  if (job.unique && Object.keys(job.unique).length > 0) {
    const unique = job.unique;
    const debounce = job.uniqueOpts?.debounce;
    return connection.immediate(() => {
      const filter = uniqueFilter(unique);
      const where = ['name = ?', ...filter.conditions].join(' AND ');
      const existing = connection.db
        .prepare(`SELECT * FROM ${table} WHERE ${where} ORDER BY id LIMIT 1`)
        .get(columns.name, ...filter.params) as JobRow | undefined;
      if (existing && job.uniqueOpts?.insertOnly && !debounce) return rowToJob<DATA>(existing);
      const scheduled = debounce ? { ...columns, ...debounced(debounce, columns.next_run_at, existing, now) } : columns;
      const row = existing
        ? updateById(connection, table, existing.id, scheduled, now)
        : insert(connection, table, scheduled, now);
      return rowToJob<DATA>(row);
    });
  }

  return rowToJob<DATA>(insert(connection, table, columns, now));
}
