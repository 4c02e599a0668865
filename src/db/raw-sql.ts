import type { DatabaseProvider } from '../config.js';

/**
 * Helpers for the few hot paths written as raw SQL through the Prisma adapters (batched statements
 * whose structured-query compilation would cost more than running them).
 */

/** The n-th (1-based) bind parameter: `$n` on PostgreSQL; Prisma's SQLite adapter takes only `?`. */
export function param(provider: DatabaseProvider, n: number): string {
  return provider === 'postgresql' ? `$${n}` : '?';
}

/** `(p1, p2, …), (…)` for `rows` rows of `columns` parameters, numbered from `first`. */
export function valuesList(provider: DatabaseProvider, rows: number, columns: number, first = 1): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    const cells: string[] = [];
    for (let column = 0; column < columns; column += 1) cells.push(param(provider, first + row * columns + column));
    tuples.push(`(${cells.join(', ')})`);
  }
  return tuples.join(', ');
}

/** An instant as each database stores it: epoch milliseconds in SQLite, a timestamp in PostgreSQL. */
export function instantParam(provider: DatabaseProvider, instant: Date): Date | number {
  return provider === 'postgresql' ? instant : instant.getTime();
}

/** Reads an instant column from a raw row, whichever way the driver returned it. */
export function readInstant(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'number' || typeof value === 'bigint') return new Date(Number(value));
  if (typeof value === 'string') return /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  throw new Error(`not an instant: ${String(value)}`);
}

export function readOptionalInstant(value: unknown): Date | null {
  return value === null || value === undefined ? null : readInstant(value);
}
