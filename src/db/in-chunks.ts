/**
 * Bind parameters one `IN (…)` list may take: SQLite's adapter refuses a statement with more than 999,
 * so a read of many ids (a CalDAV collection of thousands of tasks) is made in several.
 */
export const IN_LIST_MAX = 500;

/** `read` over the ids in slices of at most IN_LIST_MAX, the results concatenated in order. */
export async function readInChunks<Id, Row>(ids: readonly Id[], read: (chunk: Id[]) => Promise<Row[]>): Promise<Row[]> {
  if (ids.length <= IN_LIST_MAX) return read([...ids]);
  const rows: Row[] = [];
  for (let from = 0; from < ids.length; from += IN_LIST_MAX) rows.push(...(await read(ids.slice(from, from + IN_LIST_MAX))));
  return rows;
}
