import { graphql } from './client.js';
import type { SnoozeFor } from '../model/snooze.js';
import { TASK_FIELDS, type NewTask, type Task, type TaskPatch } from './types.js';

/** The queue: every pending task, earliest due first (undated last). */
export async function listPendingTasks(): Promise<Task[]> {
  const data = await graphql<{ tasks: { edges: { node: Task }[] } }>(
    `query Queue { tasks(filter: { status: PENDING }, first: 200, orderBy: DUE_AT_ASC) { edges { node { ${TASK_FIELDS} } } } }`,
  );
  return data.tasks.edges.map((edge) => edge.node);
}

/** Sent with an Idempotency-Key, so a retry after a lost answer creates nothing twice. */
export async function createTask(task: NewTask, idempotencyKey: string): Promise<void> {
  await graphql('mutation Create($input: CreateTaskInput!) { createTask(input: $input) { id } }', { input: task }, { idempotencyKey });
}

export async function updateTask(id: string, patch: TaskPatch): Promise<Task> {
  const data = await graphql<{ updateTask: Task }>(`mutation Update($input: UpdateTaskInput!) { updateTask(input: $input) { ${TASK_FIELDS} } }`, {
    input: { id, ...patch },
  });
  return data.updateTask;
}

export async function deleteTask(id: string): Promise<void> {
  await graphql('mutation Delete($id: ID!) { deleteTask(id: $id) { id } }', { id });
}

export async function completeTask(id: string): Promise<void> {
  await graphql('mutation Complete($id: ID!) { completeTask(id: $id) { id status } }', { id });
}

export async function reopenTask(id: string): Promise<void> {
  await graphql('mutation Reopen($id: ID!) { reopenTask(id: $id) { id status } }', { id });
}

/** The task's reminder fires again in `minutes` or at `until`; its due time stays. Answers when it will ring. */
export async function snoozeReminder(taskId: string, snooze: SnoozeFor): Promise<string | null> {
  const data = await graphql<{ snoozeReminder: { reminderSchedule: { snoozedUntil: string | null } | null } | null }>(
    'mutation Snooze($id: ID!, $minutes: Int, $until: DateTime) { snoozeReminder(taskId: $id, minutes: $minutes, until: $until) { id reminderSchedule { snoozedUntil } } }',
    { id: taskId, ...snooze },
  );
  return data.snoozeReminder?.reminderSchedule?.snoozedUntil ?? null;
}

/** The caller's "today" is this browser's today. */
export async function setTimeZone(timeZone: string): Promise<void> {
  await graphql('mutation Zone($zone: String!) { setTimeZone(timeZone: $zone) { timeZone } }', { zone: timeZone });
}

/** Moves a task to another due time, changing nothing else (its reminder follows it). */
export async function moveTask(id: string, dueAt: string | null): Promise<Task> {
  const data = await graphql<{ updateTask: Task }>(`mutation Move($input: UpdateTaskInput!) { updateTask(input: $input) { ${TASK_FIELDS} } }`, {
    input: { id, dueAt },
  });
  return data.updateTask;
}

/** Tasks of every list whose title or description holds `text` (any letter case), pending first. */
export async function searchTasks(text: string): Promise<Task[]> {
  const data = await graphql<{ tasks: { edges: { node: Task }[] } }>(
    `query Search($text: String!) { tasks(filter: { search: $text }, first: 50, orderBy: DUE_AT_ASC) { edges { node { ${TASK_FIELDS} } } } }`,
    { text },
  );
  return data.tasks.edges.map((edge) => edge.node).sort((a, b) => Number(a.status !== 'PENDING') - Number(b.status !== 'PENDING'));
}
