import type { RawDriver } from '../../db/database.js';
import type { StatusFilter } from '../list-tasks.js';
import type { ValidNewTask } from '../task-input.js';
import type { ListedTaskView, TaskRecord } from '../task-view.js';
import type { TaskRowFilter, TaskRowQuery } from './task-row-query.js';
import { createPostgresTaskStore } from './postgres-task-store.js';
import { createSqliteTaskStore } from './sqlite-task-store.js';

export interface NewTaskRow {
  userId: string;
  fields: ValidNewTask;
  now: Date;
}

/**
 * The hottest task operations in SQL of their own, on the driver under Prisma: listing, creating and
 * completing. Through Prisma's adapters they cost several times the driver's own time (measured in
 * the README), which the REST targets cannot afford. Everything else goes through Prisma.
 */
export interface TaskStore {
  /** The user's tasks by due time (undated last), then id. */
  listTaskViews(userId: string, status: StatusFilter, limit: number): Promise<ListedTaskView[]>;
  /** One keyset-paged read of whole task rows (GraphQL's task lists). */
  selectTasks(query: TaskRowQuery): Promise<TaskRecord[]>;
  /** How many of the user's tasks a filter matches. */
  countTasks(filter: TaskRowFilter): Promise<number>;
  /**
   * Inserts a pending task, its reminder schedule (if any) and its `task.created` outbox event in one
   * transaction.
   */
  insertTask(row: NewTaskRow): Promise<TaskRecord>;
  /**
   * Completes a pending task of the user that does not repeat, cancels its scheduled reminder and records `task.completed`
   * in one transaction. Null when the user has no such task; `changed: false` when it was already
   * completed or repeats (completing a repeating task is completeOccurrence's work).
   */
  completeTask(row: CompleteTaskRow): Promise<{ task: TaskRecord; changed: boolean } | null>;
}

export interface CompleteTaskRow {
  userId: string;
  taskId: bigint;
  now: Date;
}

export function createTaskStore(raw: RawDriver): TaskStore {
  const onRead = raw.onQuery ?? (() => undefined);
  return raw.provider === 'postgresql'
    ? createPostgresTaskStore(raw.pool, onRead)
    : createSqliteTaskStore(raw.writer, raw.reader, onRead);
}
