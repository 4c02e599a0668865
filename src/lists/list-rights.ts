/**
 * Who may do what in a list: the one table every transport and job goes through (via list-access.ts,
 * or the task store's own SQL for the hot paths). A role is the caller's row in list_members; no row,
 * no access at all.
 */
export const LIST_ROLES = ['owner', 'editor', 'viewer'] as const;
export type ListRole = (typeof LIST_ROLES)[number];

export type ListAction =
  /** See the list, its tasks and its members. */
  | 'read'
  /** Tasks: create one in the list, edit, complete, reopen, delete, move in or out, assign. */
  | 'create'
  | 'edit'
  | 'complete'
  | 'reopen'
  | 'delete-task'
  | 'move'
  | 'assign'
  /** The list itself. */
  | 'rename'
  | 'delete'
  | 'invite'
  | 'change-roles';

const VIEWER: readonly ListAction[] = ['read'];
const EDITOR: readonly ListAction[] = [...VIEWER, 'create', 'edit', 'complete', 'reopen', 'delete-task', 'move', 'assign'];
const OWNER: readonly ListAction[] = [...EDITOR, 'rename', 'delete', 'invite', 'change-roles'];

const RIGHTS: Record<ListRole, ReadonlySet<ListAction>> = {
  owner: new Set(OWNER),
  editor: new Set(EDITOR),
  viewer: new Set(VIEWER),
};

export function isListRole(value: unknown): value is ListRole {
  return typeof value === 'string' && (LIST_ROLES as readonly string[]).includes(value);
}

/** Whether a member in this role may do this. */
export function can(role: ListRole, action: ListAction): boolean {
  return RIGHTS[role].has(action);
}
