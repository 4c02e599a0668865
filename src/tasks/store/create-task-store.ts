import type { RawDriver } from '../../db/database.js';
import { createPostgresTaskStore } from './postgres-task-store.js';
import { createSqliteTaskStore } from './sqlite-task-store.js';
import type { TaskStore } from './task-store.js';

/** The task store for the database the service runs on. */
export function createTaskStore(raw: RawDriver): TaskStore {
  const onRead = raw.onQuery ?? (() => undefined);
  return raw.provider === 'postgresql'
    ? createPostgresTaskStore(raw.pool, onRead)
    : createSqliteTaskStore(raw.writer, raw.reader, onRead);
}
