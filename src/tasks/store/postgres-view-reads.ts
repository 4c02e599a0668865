import type pg from 'pg';
import type { ListedTaskView } from '../task-view.js';
import { MERGED_LISTS_MAX, memberTaskRowsSql, taskRowsSql, type RowOrder, type SqlStatement } from './task-row-query.js';
import { VIEW_COLUMN_COUNT, VIEW_TASK_COLUMNS, viewColumns, viewFromRow, viewRowFromArray } from './task-rows.js';
import type { TaskViewFilter } from './task-store.js';

/** Users whose list count the reader remembers (a guess at the next read's shape, not a right). */
const LIST_COUNTS_KEPT = 10_000;

/** GET /tasks's order. PostgreSQL's btree keeps nulls last, so undated tasks follow the dated ones by id. */
const BY_DUE_TIME: RowOrder = { keys: ['due_at', 'id'], direction: 'asc' };

/**
 * PostgreSQL's listTaskViews: one statement, where SQLite needs two steps (the (list_id, status, due_at,
 * id) index walks dated tasks by due time and then undated ones by id). Over every list of a user's,
 * the membership is read in the same statement (memberTaskRowsSql), shaped by the list count the user's
 * last read found. Rows are read as arrays: pg's row objects cost more than reading columns by place.
 */
export function createPostgresViewReads(pool: pg.Pool, named: (sql: SqlStatement) => pg.QueryConfig) {
  const listCounts = new Map<string, number>();
  const texts = new Map<string, string>();
  const rowsOf = async (sql: SqlStatement) => (await pool.query<unknown[]>({ ...named(sql), rowMode: 'array' })).rows;

  return async ({ memberOf, ...filter }: TaskViewFilter, limit: number): Promise<ListedTaskView[]> => {
    const read = { ...filter, due: { dated: 'any' } as const, order: BY_DUE_TIME, limit };
    if (memberOf === undefined) {
      if (filter.listIds!.length === 0) return [];
      const rows = await rowsOf(taskRowsSql('postgresql', { ...read, listIds: filter.listIds!, columns: viewColumns('postgresql') }));
      return rows.map((row) => viewFromRow(viewRowFromArray(row)));
    }
    const branches = Math.min(listCounts.get(memberOf) ?? 0, MERGED_LISTS_MAX);
    const rows = await rowsOf(memberTaskRowsSql({ ...read, memberOf, columns: VIEW_TASK_COLUMNS }, branches, texts));
    const found = rows[0]?.[VIEW_COLUMN_COUNT];
    if (found !== undefined && Number(found) !== listCounts.get(memberOf)) {
      if (listCounts.size >= LIST_COUNTS_KEPT) listCounts.clear();
      listCounts.set(memberOf, Number(found));
    }
    return rows.map((row) => viewFromRow(viewRowFromArray(row)));
  };
}
