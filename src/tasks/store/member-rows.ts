import { invalidTask, listNotFound } from '../../errors.js';
import { decideAccess } from '../../lists/list-access.js';
import type { MemberRow } from './task-store.js';

/** Who may read: the members of a list, by the membership query both stores run. */
export const MEMBERS_OF_LIST_OR_INBOX = `SELECT list_id, user_id, role FROM list_members
  WHERE list_id = COALESCE(@listId, (SELECT id FROM lists WHERE owner_id = @userId AND inbox))`;

/**
 * Where a new task goes, decided on the members of the list asked for (or of the caller's Inbox): the
 * list and who hears of the task. Null when no list was asked for and the caller has no Inbox yet; 404
 * when the caller is not in the list; 403 when they may not add to it; 400 when the assignee is no
 * member of it.
 */
export function decideNewTaskList(
  members: MemberRow[],
  userId: string,
  listGiven: boolean,
  assigneeId: string | null,
): { listId: bigint; recipients: string[] } | null {
  if (members.length === 0 && !listGiven) return null;
  decideAccess(members.find((m) => m.user_id === userId)?.role, 'create', listNotFound);
  if (assigneeId !== null && !members.some((m) => m.user_id === assigneeId)) throw notAMember();
  return { listId: BigInt(members[0]!.list_id), recipients: members.map((m) => m.user_id) };
}

export const notAMember = () => invalidTask("assigneeId must be a member of the task's list (or null)");
