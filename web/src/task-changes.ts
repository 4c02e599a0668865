import type { Task } from './api.js';

export type TaskChangeType = 'CREATED' | 'UPDATED' | 'COMPLETED' | 'OCCURRENCE_COMPLETED' | 'REOPENED' | 'DELETED';

/** A `taskChanged` payload: the task as the change left it. */
export interface TaskChange {
  id: string;
  type: TaskChangeType;
  task: Task;
}

/**
 * The queue (pending tasks) after a change: a pending task comes in, or takes its old self's place (a
 * repeating task whose occurrence was done is pending again at its next one); a task deleted or
 * completed leaves. Applying a change twice gives the same list.
 */
export function applyTaskChange(tasks: readonly Task[], change: TaskChange): Task[] {
  const at = tasks.findIndex((task) => task.id === change.task.id);
  if (change.type === 'DELETED' || change.task.status !== 'PENDING') return tasks.filter((task) => task.id !== change.task.id);
  if (at === -1) return [...tasks, change.task];
  return tasks.map((task, index) => (index === at ? change.task : task));
}
