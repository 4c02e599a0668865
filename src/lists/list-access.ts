import type { AppError } from '../errors.js';
import { listForbidden, listNotFound, taskNotFound } from '../errors.js';
import type { Db, Tx } from '../db/database.js';
import type { TaskRecord } from '../tasks/task-view.js';
import { can, isListRole, type ListAction, type ListRole } from './list-rights.js';
import type { ListRecord } from './list-view.js';

type Reader = Db | Tx;

const ACTION_WORDS: Record<ListAction, string> = {
  read: 'see this list',
  create: 'add tasks to this list',
  edit: 'change tasks of this list',
  complete: 'complete tasks of this list',
  reopen: 'reopen tasks of this list',
  'delete-task': 'delete tasks of this list',
  move: 'move tasks in or out of this list',
  assign: 'assign tasks of this list',
  rename: 'rename this list',
  delete: 'delete this list',
  invite: 'invite people to this list',
  'change-roles': "change members' roles in this list",
};

/**
 * The decision for a caller's membership row (or its absence): nothing when allowed; `notFound` when the
 * caller is no member (a list or task they cannot see answers exactly like a missing one); 403 when their
 * role does not allow the action.
 */
export function decideAccess(role: string | null | undefined, action: ListAction, notFound: () => AppError): ListRole {
  if (role === null || role === undefined || !isListRole(role)) throw notFound();
  if (!can(role, action)) throw listForbidden(`As ${role === 'viewer' ? 'a viewer' : `an ${role}`} you cannot ${ACTION_WORDS[action]}`);
  return role;
}

/** The caller's role in a list, or null when they are no member (the membership row is the only source). */
export async function roleIn(db: Reader, userId: string, listId: bigint): Promise<ListRole | null> {
  const member = await db.listMember.findUnique({ where: { listId_userId: { listId, userId } }, select: { role: true } });
  return member && isListRole(member.role) ? member.role : null;
}

/** A list the caller may act on, with their role; 404 when they are no member, 403 when the role falls short. */
export async function requireList(db: Reader, userId: string, listId: bigint, action: ListAction): Promise<{ list: ListRecord; role: ListRole }> {
  const role = decideAccess(await roleIn(db, userId, listId), action, listNotFound);
  const list = await db.list.findUnique({ where: { id: listId } });
  if (!list) throw listNotFound();
  return { list, role };
}

/** A task the caller may act on, with their role in its list; 404 for a task they cannot see, 403 when the role falls short. */
export async function requireTask(db: Reader, userId: string, taskId: bigint, action: ListAction): Promise<{ task: TaskRecord; role: ListRole }> {
  const task = await db.task.findUnique({ where: { id: taskId } });
  if (!task) throw taskNotFound();
  const role = decideAccess(await roleIn(db, userId, task.listId), action, taskNotFound);
  return { task, role };
}

/** The user ids of a list's members: who hears of its tasks' changes. */
export async function listMemberIds(db: Reader, listId: bigint): Promise<string[]> {
  const members = await db.listMember.findMany({ where: { listId }, select: { userId: true }, orderBy: { userId: 'asc' } });
  return members.map((m) => m.userId);
}

/** The ids of the lists the user is a member of. */
export async function memberListIds(db: Reader, userId: string): Promise<bigint[]> {
  const rows = await db.listMember.findMany({ where: { userId }, select: { listId: true }, orderBy: { listId: 'asc' } });
  return rows.map((r) => r.listId);
}

/** The Prisma condition "a task of a list the user is a member of". */
export const visibleTo = (userId: string) => ({ list: { members: { some: { userId } } } });
