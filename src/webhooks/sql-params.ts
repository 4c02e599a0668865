import type { DatabaseProvider } from '../config.js';

/** The n-th bind parameter: `$n` on PostgreSQL; SQLite through Prisma takes only anonymous `?`. */
export function placeholder(provider: DatabaseProvider, n: number): string {
  return provider === 'postgresql' ? `$${n}` : '?';
}

/** An instant as raw SQL compares it: timestamptz on PostgreSQL, epoch milliseconds on SQLite. */
export function instantParam(provider: DatabaseProvider, instant: Date): Date | number {
  return provider === 'postgresql' ? instant : instant.getTime();
}
