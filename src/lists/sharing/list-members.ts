import type { ServiceContext } from '../../context.js';
import type { Db, Tx } from '../../db/database.js';
import { requireList } from '../list-access.js';
import { isListRole, type ListRole } from '../list-rights.js';

/** A member of a list as the other members see them. */
export interface MemberView {
  userId: string;
  /** Their display name, or their user id when they have none. */
  displayName: string;
  role: ListRole;
  joinedAt: string;
}

/** The members of lists, in the order they joined (owner's row included), per list. */
export async function readMembers(db: Db | Tx, listIds: readonly bigint[]): Promise<Map<bigint, MemberView[]>> {
  const rows = listIds.length === 0
    ? []
    : await db.listMember.findMany({
        where: { listId: { in: [...listIds] } },
        include: { user: { select: { displayName: true } } },
        orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }],
      });
  const members = new Map<bigint, MemberView[]>(listIds.map((id) => [id, []]));
  for (const row of rows) {
    members.get(row.listId)?.push({
      userId: row.userId,
      displayName: row.user.displayName ?? row.userId,
      role: isListRole(row.role) ? row.role : 'viewer',
      joinedAt: row.joinedAt.toISOString(),
    });
  }
  return members;
}

/** The members of a list the caller is in (any member may see them), in the order they joined. */
export async function listMembers(ctx: ServiceContext, listId: bigint): Promise<MemberView[]> {
  await requireList(ctx.db, ctx.userId, listId, 'read');
  return (await readMembers(ctx.db, [listId])).get(listId) ?? [];
}
