import type { DatabaseProvider } from '../config.js';
import type { Tx } from '../db/database.js';
import { instantParam, param } from '../db/raw-sql.js';

type Value = string | number | bigint | boolean | null | Date;

/** Rows per statement: well under both databases' bind-parameter limits for our tables. */
const ROWS_PER_STATEMENT = 500;

/**
 * A multi-row INSERT in raw SQL. Prisma's createMany compiles a new query plan for every batch size,
 * which costs far more than the insert itself on the hot path (hundreds of milliseconds per batch).
 */
export async function insertRows(
  tx: Tx,
  provider: DatabaseProvider,
  table: string,
  columns: readonly string[],
  rows: readonly Value[][],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
    let n = 0;
    const values = chunk.map((row) => `(${row.map(() => param(provider, (n += 1))).join(', ')})`).join(', ');
    const params = chunk.flat().map((value) => (value instanceof Date ? instantParam(provider, value) : value));
    await tx.$executeRawUnsafe(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values}`, ...params);
  }
}

/**
 * Rows given as objects with the model's field names (camelCase; the columns are their snake_case),
 * all with the same fields: a multi-row INSERT in raw SQL where createMany would compile a plan per
 * batch size.
 */
export async function insertRecords(tx: Tx, provider: DatabaseProvider, table: string, records: ReadonlyArray<Record<string, Value>>): Promise<void> {
  const fields = Object.keys(records[0] ?? {});
  const columns = fields.map((field) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`));
  await insertRows(tx, provider, table, columns, records.map((record) => fields.map((field) => record[field] ?? null)));
}
