import type { ServiceContext } from '../context.js';
import { param } from '../db/raw-sql.js';

export interface LabelCount {
  /** As first written on the oldest task carrying it (labels of one key differ only in letter case). */
  label: string;
  /** The tasks of the caller's lists carrying it, pending or completed. */
  count: number;
}

/** The labels on the tasks of every list the caller is a member of, with how many tasks carry each, by label. */
export async function listLabels(ctx: ServiceContext): Promise<LabelCount[]> {
  const provider = ctx.store.provider;
  // SQLite takes a bare column from the row min() picked; PostgreSQL has to be told which.
  const spelling = provider === 'postgresql' ? '(array_agg(l.label ORDER BY l.task_id))[1]' : 'l.label';
  const first = provider === 'postgresql' ? '' : ', min(l.task_id) AS first_task';
  const rows = await ctx.db.$queryRawUnsafe<Array<{ label: string; count: number | bigint }>>(
    `SELECT ${spelling} AS label, count(*) AS count${first}
     FROM task_labels l JOIN tasks t ON t.id = l.task_id
     WHERE t.list_id IN (SELECT list_id FROM list_members WHERE user_id = ${param(provider, 1)})
     GROUP BY l.label_key ORDER BY l.label_key`,
    ctx.userId,
  );
  return rows.map((row) => ({ label: row.label, count: Number(row.count) }));
}
