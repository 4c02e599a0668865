import type { DatabaseProvider } from '../../config.js';
import { instantParam, param } from '../../db/raw-sql.js';
import type { Priority, TaskStatus } from '../task-view.js';

/** Which due times a read takes. `gte`/`lt` bound dated tasks; `orUndated` adds the undated ones. */
export type DueCondition =
  | { dated: true; gte?: Date | undefined; lt?: Date | undefined; orUndated?: boolean }
  | { dated: false }
  | { dated: 'any' };

/** A sort key: a column, or `priority_rank` (urgent 0 … low 3). */
export type OrderKey = 'due_at' | 'created_at' | 'priority_rank' | 'id';

/**
 * Rows in key order (the last key is id, so the order is total); `after` is the keyset position to
 * continue from (exclusive): one value per key, none of them null.
 */
export interface RowOrder {
  keys: readonly OrderKey[];
  direction: 'asc' | 'desc';
  after?: readonly (Date | number | bigint)[] | undefined;
}

/** Which tasks a read matches. */
export interface TaskRowFilter {
  /**
   * The lists read: those the caller is a member of, or the one of them asked for (resolved by the
   * caller of the store through the membership table). None: nothing matches.
   */
  listIds: readonly bigint[];
  status?: TaskStatus | undefined;
  /** Case-insensitive substring of the title or the description (wildcards match themselves). */
  search?: string | undefined;
  priority?: Priority | undefined;
  /** A label's key (lower-cased): tasks carrying it. */
  labelKey?: string | undefined;
  /** Tasks assigned to this user. */
  assigneeId?: string | undefined;
  due: DueCondition;
}

/** One page-sized read of tasks: what list-task-page.ts asks of the store. */
export interface TaskRowQuery extends TaskRowFilter {
  order: RowOrder;
  limit: number;
  /** The columns read; every column by default. */
  columns?: string | undefined;
}

/**
 * Up to this many lists are read as one ordered, limited read per list, merged (each walks the
 * (list_id, status, due_at, id) index and stops at the limit); more are read with one IN condition,
 * which the database sorts whole.
 */
export const MERGED_LISTS_MAX = 32;

export interface SqlStatement {
  text: string;
  values: unknown[];
}

/** Priorities as sort ranks, most urgent first. */
export const PRIORITY_RANK_SQL = "(CASE priority WHEN 'urgent' THEN 0 WHEN 'high' THEN 1 WHEN 'medium' THEN 2 ELSE 3 END)";
export const PRIORITY_RANKS: Record<string, number> = { urgent: 0, high: 1, medium: 2, low: 3 };

const keySql = (key: OrderKey) => (key === 'priority_rank' ? PRIORITY_RANK_SQL : key);

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

function listCondition(listIds: readonly bigint[], bind: (value: unknown) => string): string {
  return listIds.length === 1 ? `list_id = ${bind(listIds[0])}` : `list_id IN (${listIds.map(bind).join(', ')})`;
}

/** The conditions of a filter besides its lists. */
function whereOf(provider: DatabaseProvider, filter: Omit<TaskRowFilter, 'listIds'>, bind: (value: unknown) => string): string[] {
  const where: string[] = [];
  if (filter.status) where.push(`status = ${bind(filter.status)}`);
  if (filter.priority) where.push(`priority = ${bind(filter.priority)}`);
  if (filter.assigneeId !== undefined) where.push(`assignee_id = ${bind(filter.assigneeId)}`);
  if (filter.labelKey !== undefined) {
    where.push(`EXISTS (SELECT 1 FROM task_labels tl WHERE tl.task_id = tasks.id AND tl.label_key = ${bind(filter.labelKey)})`);
  }
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

/** `(k1 > v1 OR (k1 = v1 AND (k2 > v2 OR …)))`: strictly after a position in key order. */
function keysetCondition(order: RowOrder, bind: (value: unknown) => string): string | undefined {
  const { keys, after, direction } = order;
  if (!after) return undefined;
  const beyond = direction === 'asc' ? '>' : '<';
  const from = (i: number): string => {
    const key = keySql(keys[i]!);
    if (i === keys.length - 1) return `${key} ${beyond} ${bind(after[i])}`;
    return `(${key} ${beyond} ${bind(after[i])} OR (${key} = ${bind(after[i])} AND ${from(i + 1)}))`;
  };
  return from(0);
}

/** The columns the order reads (priority_rank is worked out from priority), id last. */
const keyColumns = (keys: readonly OrderKey[]) => [...new Set([...keys.map((key) => (key === 'priority_rank' ? 'priority' : key)), 'id'])].join(', ');

/**
 * The rows of a read (listIds not empty), in its order, from just after its keyset position. Several
 * lists (up to MERGED_LISTS_MAX) are read each on its own, ordered and limited, and merged by an outer
 * ORDER BY: a read of 50 tasks then touches at most 50 per list, as the single-list read does. The
 * merge carries only the order's columns (from the index when it covers them) and the winners' rows are
 * read after it: carrying whole rows (with their labels subquery) through SQLite's merge of 20 lists
 * took 47 ms against 0.9 ms.
 */
export function taskRowsSql(provider: DatabaseProvider, query: TaskRowQuery): SqlStatement {
  const { values, bind } = binder(provider);
  const columns = query.columns ?? '*';
  const orderBy = orderBySql(query.order);
  const read = (lists: string, selected: string) => readSql(provider, query, lists, selected, query.limit, bind);
  const { listIds } = query;
  if (listIds.length === 1 || listIds.length > MERGED_LISTS_MAX) return { text: read(listCondition(listIds, bind), columns), values };
  const keys = keyColumns(query.order.keys);
  const parts = listIds.map((id, i) => `SELECT * FROM (${read(`list_id = ${bind(id)}`, keys)}) AS l${i}`);
  const winners = `SELECT id FROM (${parts.join(' UNION ALL ')}) AS merged ORDER BY ${orderBy} LIMIT ${bind(query.limit)}`;
  // PostgreSQL would hash the whole table against the winners; an array of them walks the primary key.
  const among = provider === 'postgresql' ? `id = ANY(ARRAY(${winners}))` : `id IN (${winners})`;
  return { text: `SELECT ${columns} FROM tasks WHERE ${among} ORDER BY ${orderBy}`, values };
}

const orderBySql = (order: RowOrder) => order.keys.map((key) => `${keySql(key)} ${order.direction}`).join(', ');

/** One ordered, limited read of the lists a condition names. */
function readSql(provider: DatabaseProvider, query: TaskRowQuery, lists: string, selected: string, limit: number, bind: (value: unknown) => string): string {
  const where = [lists, ...whereOf(provider, query, bind)];
  const keyset = keysetCondition(query.order, bind);
  if (keyset) where.push(keyset);
  return `SELECT ${selected} FROM tasks WHERE ${where.join(' AND ')} ORDER BY ${orderBySql(query.order)} LIMIT ${bind(limit)}`;
}

/** A read over every list a user is a member of, the membership read by the statement itself. */
export type MemberTaskRowQuery = Omit<TaskRowQuery, 'listIds'> & { memberOf: string };

/**
 * PostgreSQL: the rows of a read over every list `memberOf` is a member of, the membership read in the
 * same statement (one round trip): the columns asked for (none may be `labels`), then `labels` (as
 * labelsColumn gives them), then `member_lists`, the number of those lists.
 *
 * The first `branches` lists (by id) are read as taskRowsSql reads several lists: each ordered and
 * limited, merged (PostgreSQL's Merge Append pulls from each only the rows the page takes). Lists beyond
 * them, if any, are read by one LATERAL read per list, sorted whole: slower, and as exact. `branches` is
 * the store's guess of the count, from the user's last read: a wrong guess costs time, never a row, and
 * the text depends only on it and the query's shape, not on the lists' ids. The labels of the page are
 * read by one grouped read of its ids: a correlated subquery per task cost PostgreSQL about 1 µs a row
 * more (a bitmap scan set up for each). `texts` keeps the texts by shape (the caller's cache: a few
 * dozen at most), as building one cost about 5 % of the read.
 */
export function memberTaskRowsSql(query: MemberTaskRowQuery, branches: number, texts: Map<string, string>): SqlStatement {
  const { values, bind } = binder('postgresql');
  const user = bind(query.memberOf);
  const limit = bind(query.limit);
  // PostgreSQL placeholders can be used again: every per-list read shares the same ones.
  const where = whereOf('postgresql', query, bind);
  const keyset = keysetCondition(query.order, bind);
  if (keyset) where.push(keyset);
  // The conditions name placeholders, not values: with the count and the order they fix the text.
  const shape = `${branches} ${query.columns} ${query.order.direction} ${query.order.keys.join()} ${where.join(' AND ')}`;
  let text = texts.get(shape);
  if (text === undefined) texts.set(shape, (text = memberTaskRowsText(query, branches, { user, limit, where })));
  return { text, values };
}

function memberTaskRowsText(query: MemberTaskRowQuery, branches: number, { user, limit, where }: { user: string; limit: string; where: string[] }): string {
  const orderBy = orderBySql(query.order);
  const keys = keyColumns(query.order.keys);
  const read = (list: string) => `SELECT ${keys} FROM tasks WHERE ${[list, ...where].join(' AND ')} ORDER BY ${orderBy} LIMIT ${limit}`;
  const parts = Array.from({ length: branches }, (_, i) => `(${read(`list_id = (SELECT ids[${i + 1}] FROM m)`)})`);
  parts.push(`(SELECT t.* FROM unnest((SELECT ids[${branches + 1}:] FROM m)) AS x(list_id) CROSS JOIN LATERAL (${read('list_id = x.list_id')}) AS t ORDER BY ${orderBy} LIMIT ${limit})`);
  const page = '(SELECT ids FROM page)::bigint[]';
  return (
    `WITH m AS (SELECT array_agg(list_id ORDER BY list_id) AS ids FROM list_members WHERE user_id = ${user}), ` +
    `page AS MATERIALIZED (SELECT ARRAY(SELECT id FROM (${parts.join(' UNION ALL ')}) AS merged ORDER BY ${orderBy} LIMIT ${limit}) AS ids) ` +
    `SELECT ${query.columns ?? '*'}, coalesce(g.labels, '[]'::json) AS labels, (SELECT cardinality(ids) FROM m) AS member_lists FROM tasks ` +
    `LEFT JOIN (SELECT task_id, json_agg(label ORDER BY position) AS labels FROM task_labels WHERE task_id = ANY(${page}) GROUP BY task_id) AS g ON g.task_id = tasks.id ` +
    `WHERE id = ANY(${page}) ORDER BY ${orderBy}`
  );
}

/**
 * SQLite: the first `perList` rows of each list whose ids a JSON array (the first parameter) names, in
 * the read's order: one row per list, `list_id, heads`, where heads is a JSON array of `[k0, …, kN]`
 * (the order's key values, id last). The heads a bounded merge (bounded-merge.ts) chooses from. Each
 * list's read walks the (list_id, status, due_at, id) index alone; reading the heads as rows joined back
 * to tasks cost half as much again (a table lookup per head), and a UNION ALL of per-list reads twice.
 */
export function sqliteListHeadsSql(query: TaskRowQuery, perList: number): SqlStatement {
  const { values, bind } = binder('sqlite');
  const keys = query.order.keys.map((key, i) => `${keySql(key)} AS k${i}`).join(', ');
  const keyNames = query.order.keys.map((_, i) => `k${i}`).join(', ');
  const inner = readSql('sqlite', query, 'list_id = j.value', keys, perList, bind);
  bind(JSON.stringify(query.listIds.map(Number)));
  return { text: `SELECT j.value, (SELECT json_group_array(json_array(${keyNames})) FROM (${inner})) FROM json_each(?) AS j`, values };
}

/** SQLite: the rows of the tasks whose ids a JSON array (the one parameter) names, in the order's order. */
export function sqliteTasksByIdsSql(columns: string, order: RowOrder): string {
  return `SELECT ${columns} FROM tasks WHERE id IN (SELECT value FROM json_each(?)) ORDER BY ${orderBySql(order)}`;
}

/** How many tasks a filter matches (listIds not empty). */
export function taskCountSql(provider: DatabaseProvider, filter: TaskRowFilter): SqlStatement {
  const { values, bind } = binder(provider);
  const where = [listCondition(filter.listIds, bind), ...whereOf(provider, filter, bind)];
  return { text: `SELECT count(*) AS count FROM tasks WHERE ${where.join(' AND ')}`, values };
}
