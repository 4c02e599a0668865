import { readInstant, readOptionalInstant } from '../../db/raw-sql.js';
import type { ListedTaskView, Priority, TaskRecord, TaskStatus } from '../task-view.js';

/** A `tasks` row as either driver returns it (numbers or bigints, epoch ms or Date). */
export interface RawTaskRow {
  id: number | bigint | string;
  user_id: string;
  title: string;
  description: string;
  due_at: unknown;
  priority: string;
  status: string;
  created_at: unknown;
  updated_at: unknown;
  completed_at: unknown;
  remind_before: number | bigint | null;
  recurrence: string | null;
  /** Absent from reads that do not select it (the reminder sweep's join). */
  due_local?: string | null;
}

export const VIEW_COLUMNS = 'id, title, description, due_at, priority, status, remind_before, recurrence, due_local';

export function viewFromRow(
  row: Pick<RawTaskRow, 'id' | 'title' | 'description' | 'due_at' | 'priority' | 'status' | 'remind_before' | 'recurrence' | 'due_local'>,
): ListedTaskView {
  return {
    id: Number(row.id),
    title: row.title,
    description: row.description,
    dueAt: readOptionalInstant(row.due_at)?.toISOString() ?? null,
    priority: row.priority as Priority,
    status: row.status as TaskStatus,
    remindBefore: row.remind_before === null ? null : Number(row.remind_before),
    recurrence: row.recurrence,
    dueLocal: row.due_local ?? null,
  };
}

export function recordFromRow(row: RawTaskRow): TaskRecord {
  return {
    id: BigInt(row.id),
    userId: row.user_id,
    title: row.title,
    description: row.description,
    dueAt: readOptionalInstant(row.due_at),
    priority: row.priority,
    status: row.status,
    createdAt: readInstant(row.created_at),
    updatedAt: readInstant(row.updated_at),
    completedAt: readOptionalInstant(row.completed_at),
    remindBefore: row.remind_before === null ? null : Number(row.remind_before),
    recurrence: row.recurrence,
    dueLocal: row.due_local ?? null,
  };
}
