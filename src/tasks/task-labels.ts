import type { DatabaseProvider } from '../config.js';
import type { Db, Tx } from '../db/database.js';
import { invalidTask } from '../errors.js';
import { readInChunks } from '../db/in-chunks.js';

export const LABELS_MAX = 20;
export const LABEL_MAX_LENGTH = 40;
const FORBIDDEN = /[#@,]/;

/** What makes two labels the same: lower-cased (labels are unique per task regardless of letter case). */
export function labelKey(label: string): string {
  return label.toLowerCase();
}

/** One label, trimmed: 1 to 40 characters, no `#`, `@` or comma (capture reads those as marks). */
export function validateLabel(raw: unknown, field = 'label'): string {
  if (typeof raw !== 'string') throw invalidTask(`${field} must be a string`);
  const label = raw.trim();
  const length = [...label].length;
  if (length === 0 || length > LABEL_MAX_LENGTH) throw invalidTask(`${field} must be 1 to ${LABEL_MAX_LENGTH} characters after trimming`);
  if (FORBIDDEN.test(label)) throw invalidTask(`${field} must not contain #, @ or commas`);
  if (!label.isWellFormed() || /[\u0000-\u001f]/.test(label)) throw invalidTask(`${field} must be well-formed text without control characters`);
  return label;
}

/**
 * A task's labels: at most 20, each checked; a label given twice in another letter case is kept once,
 * as first written ("Store", "store" → "Store").
 */
export function validateLabels(raw: unknown): string[] {
  if (!Array.isArray(raw)) throw invalidTask('labels must be an array of strings');
  const labels: string[] = [];
  const keys = new Set<string>();
  for (const item of raw) {
    const label = validateLabel(item, 'each label');
    const key = labelKey(label);
    if (keys.has(key)) continue;
    keys.add(key);
    labels.push(label);
  }
  if (labels.length > LABELS_MAX) throw invalidTask(`a task has at most ${LABELS_MAX} labels`);
  return labels;
}

/** The labels of these tasks, in each task's order; a task without labels is absent. */
export async function readLabels(db: Db | Tx, taskIds: readonly bigint[]): Promise<Map<bigint, string[]>> {
  const labels = new Map<bigint, string[]>();
  if (taskIds.length === 0) return labels;
  const rows = await readInChunks(taskIds, (chunk) =>
    db.taskLabel.findMany({ where: { taskId: { in: chunk } }, select: { taskId: true, label: true }, orderBy: [{ taskId: 'asc' }, { position: 'asc' }] }),
  );
  for (const row of rows) labels.set(row.taskId, [...(labels.get(row.taskId) ?? []), row.label]);
  return labels;
}

export async function readTaskLabels(db: Db | Tx, taskId: bigint): Promise<string[]> {
  return (await readLabels(db, [taskId])).get(taskId) ?? [];
}

/** Replaces a task's labels (inside the transaction that changes the task). */
export async function writeTaskLabels(tx: Tx, taskId: bigint, labels: readonly string[]): Promise<void> {
  await tx.taskLabel.deleteMany({ where: { taskId } });
  if (labels.length === 0) return;
  await tx.taskLabel.createMany({
    data: labels.map((label, position) => ({ taskId, label, labelKey: labelKey(label), position })),
  });
}

/**
 * A column of a task read holding its labels as a JSON array in order, read by a correlated subquery
 * (the (task_id, label_key) key finds them): no second round trip for a page of tasks.
 */
export function labelsColumn(provider: DatabaseProvider, tasks = 'tasks'): string {
  return provider === 'postgresql'
    ? `(SELECT coalesce(json_agg(l.label ORDER BY l.position), '[]'::json) FROM task_labels l WHERE l.task_id = ${tasks}.id) AS labels`
    : `(SELECT json_group_array(l.label ORDER BY l.position) FROM task_labels l WHERE l.task_id = ${tasks}.id) AS labels`;
}

/** The labels column as either driver returns it (PostgreSQL parses json; SQLite gives the text). */
export function readLabelsColumn(value: unknown): string[] {
  if (Array.isArray(value)) return value as string[];
  if (typeof value === 'string') return JSON.parse(value) as string[];
  return [];
}
