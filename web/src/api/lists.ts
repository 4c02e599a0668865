import { graphql } from './client.js';
import { LIST_FIELDS, TASK_FIELDS, type Task, type TaskList } from './types.js';

/** The caller's lists, the Inbox first, then by name. */
export async function listLists(): Promise<TaskList[]> {
  const data = await graphql<{ lists: TaskList[] }>(`query Lists { lists { ${LIST_FIELDS} } }`);
  return data.lists;
}

export async function createList(name: string, color: string | null): Promise<TaskList> {
  const data = await graphql<{ createList: TaskList }>(`mutation NewList($input: CreateListInput!) { createList(input: $input) { ${LIST_FIELDS} } }`, {
    input: { name, color },
  });
  return data.createList;
}

export async function renameList(id: string, name: string, color: string | null): Promise<TaskList> {
  const data = await graphql<{ updateList: TaskList }>(`mutation RenameList($input: UpdateListInput!) { updateList(input: $input) { ${LIST_FIELDS} } }`, {
    input: { id, name, color },
  });
  return data.updateList;
}

export async function deleteList(id: string): Promise<void> {
  await graphql('mutation DeleteList($id: ID!) { deleteList(id: $id) }', { id });
}

/** The pending tasks of one list, earliest due first. */
export async function listTasksOf(listId: string): Promise<Task[]> {
  const data = await graphql<{ tasks: { edges: { node: Task }[] } }>(
    `query ListTasks($list: ID!) { tasks(filter: { status: PENDING, list: $list }, first: 200, orderBy: DUE_AT_ASC) { edges { node { ${TASK_FIELDS} } } } }`,
    { list: listId },
  );
  return data.tasks.edges.map((edge) => edge.node);
}
