import type { Task } from '../api/types.js';

export type TaskChangeType = 'CREATED' | 'UPDATED' | 'COMPLETED' | 'OCCURRENCE_COMPLETED' | 'REOPENED' | 'DELETED';

/** A `taskChanged` payload: the task as the change left it. */
export interface TaskChange {
  id: string;
  type: TaskChangeType;
  task: Task;
  /** Who made the change; null for the service's own doing. */
  actor?: { id: string; displayName: string } | null;
}

const DONE: Record<TaskChangeType, string> = {
  CREATED: 'added',
  UPDATED: 'changed',
  COMPLETED: 'completed',
  OCCURRENCE_COMPLETED: 'completed',
  REOPENED: 'reopened',
  DELETED: 'deleted',
};

/** "Sam completed “Buy milk”": a change someone else made, in words; null for the person's own. */
export function othersChangeText(change: TaskChange, me: string | null): string | null {
  if (!change.actor || !me || change.actor.id === me) return null;
  return `${change.actor.displayName} ${DONE[change.type]} “${change.task.title}”`;
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
