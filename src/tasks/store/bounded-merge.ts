import { MERGED_LISTS_MAX, sqliteListHeadsSql, type SqlStatement, type TaskRowQuery } from './task-row-query.js';

/** A head: `[list_id, k0, …, kN]`, the order's key values with the id last. */
type Head = unknown[];

/** What the heads statement answers: one row per list, `[list_id, JSON array of [k0, …, kN]]`. */
type ListHeadsRow = [unknown, string];

/**
 * The ids of a read's first `limit` tasks across several lists (2 to MERGED_LISTS_MAX), in its order,
 * for SQLite, or undefined when the read is better done by the full merge (taskRowsSql).
 *
 * The full merge reads `limit` rows from every list and sorts them all: 1 000 for 50 tasks in 20 lists,
 * most of the page's cost. Here each list gives only its first few rows (twice its even share, plus
 * two), and the merge is exact when every list that gave all it was asked for ends at or after the
 * page's last row: whatever it holds further on comes later still. Lists that fail the test are read
 * again to the full limit (a list holding most of the soonest tasks costs one more read, not a wrong
 * page). Key values compare as SQLite orders them: integers, NULL before every value.
 */
export function boundedMergeIds(query: TaskRowQuery, run: (sql: SqlStatement) => unknown[][]): unknown[] | undefined {
  const { listIds, limit } = query;
  if (listIds.length < 2 || listIds.length > MERGED_LISTS_MAX) return undefined;
  const perList = Math.ceil((2 * limit) / listIds.length) + 2;
  if (perList >= limit) return undefined;
  const keyCount = query.order.keys.length;
  const sign = query.order.direction === 'asc' ? 1 : -1;
  const compare = (a: Head, b: Head) => {
    for (let i = 1; i <= keyCount; i++) {
      const x = a[i] === null ? -Infinity : (a[i] as number);
      const y = b[i] === null ? -Infinity : (b[i] as number);
      if (x !== y) return x < y ? -sign : sign;
    }
    return 0;
  };
  const readHeads = (sql: SqlStatement): Head[] =>
    (run(sql) as ListHeadsRow[]).flatMap(([listId, heads]) => (JSON.parse(heads) as unknown[][]).map((keys) => [listId, ...keys]));
  const heads = readHeads(sqliteListHeadsSql(query, perList)).sort(compare);
  const last = heads.length >= limit ? heads[limit - 1] : undefined;
  const given = new Map<unknown, { count: number; last: Head }>();
  for (const head of heads) {
    const seen = given.get(head[0]);
    if (seen) {
      seen.count++;
      seen.last = head;
    } else given.set(head[0], { count: 1, last: head });
  }
  const unsure = listIds.filter((id) => {
    const seen = given.get(Number(id));
    return seen !== undefined && seen.count === perList && (last === undefined || compare(seen.last, last) < 0);
  });
  let page = heads;
  if (unsure.length > 0) {
    const again = new Set(unsure.map(Number));
    page = [...heads.filter((head) => !again.has(head[0] as number)), ...readHeads(sqliteListHeadsSql({ ...query, listIds: unsure }, limit))].sort(compare);
  }
  return page.slice(0, limit).map((head) => head[keyCount]);
}
