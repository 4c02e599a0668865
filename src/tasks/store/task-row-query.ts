import type { DatabaseProvider } from '../../config.js';
import { instantParam, param } from '../../db/raw-sql.js';
import type { TaskStatus } from '../task-view.js';

/** Which due times a read takes. `gte`/`lt` bound dated tasks; `orUndated` adds the undated ones. */
export type DueCondition =
  | { dated: true; gte?: Date | undefined; lt?: Date | undefined; orUndated?: boolean }
  | { dated: false }
  | { dated: 'any' };

/** Rows in (column, id) order; `after` is the keyset position to continue from (exclusive). */
export interface RowOrder {
  column: 'due_at' | 'created_at' | 'id';
  direction: 'asc' | 'desc';
  after?: { at: Date | null; id: bigint } | undefined;
}

/** Which of a user's tasks a read matches. */
export interface TaskRowFilter {
  userId: string;
  status?: TaskStatus | undefined;
  /** Case-insensitive substring of the title or the description (wildcards match themselves). */
  search?: string | undefined;
  due: DueCondition;
}

/** One page-sized read of a user's tasks: what list-task-page.ts asks of the store. */
export interface TaskRowQuery extends TaskRowFilter {
  order: RowOrder;
  limit: number;
}

export interface SqlStatement {
  text: string;
  values: unknown[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Collects bind values and answers their placeholders, positional in each provider's style: one per
 * use, as SQLite's `?` cannot be repeated. Instants and ids go in as each provider takes them.
 */
function binder(provider: DatabaseProvider) {
  const values: unknown[] = [];
  const bind = (value: unknown) => {
    if (value instanceof Date) values.push(instantParam(provider, value));
    else if (typeof value === 'bigint' && provider === 'postgresql') values.push(value.toString());
    else values.push(value);
    return param(provider, values.length);
  };
  return { values, bind };
}

function whereOf(provider: DatabaseProvider, filter: TaskRowFilter, bind: (value: unknown) => string): string[] {
  const where = [`user_id = ${bind(filter.userId)}`];
  if (filter.status) where.push(`status = ${bind(filter.status)}`);
  if (filter.search) {
    const like = provider === 'postgresql' ? 'ILIKE' : 'LIKE';
    const pattern = `%${escapeLike(filter.search)}%`;
    where.push(`(title ${like} ${bind(pattern)} ESCAPE '\\' OR description ${like} ${bind(pattern)} ESCAPE '\\')`);
  }
  const due = filter.due;
  if (due.dated === true) {
    const dated = ['due_at IS NOT NULL'];
    if (due.gte) dated.push(`due_at >= ${bind(due.gte)}`);
    if (due.lt) dated.push(`due_at < ${bind(due.lt)}`);
    where.push(due.orUndated ? `((${dated.join(' AND ')}) OR due_at IS NULL)` : dated.join(' AND '));
  } else if (due.dated === false) {
    where.push('due_at IS NULL');
  }
  return where;
}

/** The rows of a read, whole, in its order, from just after its keyset position. */
export function taskRowsSql(provider: DatabaseProvider, query: TaskRowQuery): SqlStatement {
  const { values, bind } = binder(provider);
  const where = whereOf(provider, query, bind);
  const { column, direction, after } = query.order;
  const beyond = direction === 'asc' ? '>' : '<';
  if (after && column !== 'id' && after.at !== null) {
    where.push(`(${column} ${beyond} ${bind(after.at)} OR (${column} = ${bind(after.at)} AND id ${beyond} ${bind(after.id)}))`);
  } else if (after) {
    where.push(`id ${beyond} ${bind(after.id)}`);
  }
  const orderBy = column === 'id' ? `id ${direction}` : `${column} ${direction}, id ${direction}`;
  return { text: `SELECT * FROM tasks WHERE ${where.join(' AND ')} ORDER BY ${orderBy} LIMIT ${bind(query.limit)}`, values };
}

/** How many tasks a filter matches. */
export function taskCountSql(provider: DatabaseProvider, filter: TaskRowFilter): SqlStatement {
  const { values, bind } = binder(provider);
  return { text: `SELECT count(*) AS count FROM tasks WHERE ${whereOf(provider, filter, bind).join(' AND ')}`, values };
}
