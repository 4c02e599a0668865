import type { ServiceContext } from '../context.js';
import type { Db, Tx } from '../db/database.js';
import { isListRole, type ListRole } from './list-rights.js';
import type { ListRecord } from './list-view.js';

/** A list as its members see it: the caller's role, how many members, how many pending tasks. */
export interface ListView {
  id: number;
  name: string;
  color: string | null;
  inbox: boolean;
  role: ListRole;
  memberCount: number;
  openCount: number;
  /** Whether editors may invite too (owners always may). */
  membersCanInvite: boolean;
}

/** Inbox first, then by name (case-insensitively), then id. */
export function compareListViews(a: ListView, b: ListView): number {
  if (a.inbox !== b.inbox) return a.inbox ? -1 : 1;
  const byName = a.name.localeCompare(b.name, 'en', { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id - b.id;
}

/** The views of these lists for a caller in the given roles: members and open tasks counted in two grouped reads. */
export async function listViewsOf(db: Db | Tx, lists: Array<{ list: ListRecord; role: string }>): Promise<ListView[]> {
  if (lists.length === 0) return [];
  const ids = lists.map(({ list }) => list.id);
  const [members, open] = await Promise.all([
    db.listMember.groupBy({ by: ['listId'], where: { listId: { in: ids } }, _count: { _all: true } }),
    db.task.groupBy({ by: ['listId'], where: { listId: { in: ids }, status: 'pending' }, _count: { _all: true } }),
  ]);
  const memberCount = new Map(members.map((m) => [m.listId, m._count._all]));
  const openCount = new Map(open.map((o) => [o.listId, o._count._all]));
  return lists.map(({ list, role }) => ({
    id: Number(list.id),
    name: list.name,
    color: list.color,
    inbox: list.inbox,
    role: isListRole(role) ? role : 'viewer',
    memberCount: memberCount.get(list.id) ?? 0,
    openCount: openCount.get(list.id) ?? 0,
    membersCanInvite: list.membersCanInvite,
  }));
}

/** Every list the caller is a member of (their own and shared ones), Inbox first, then by name. */
export async function listCallerLists(ctx: ServiceContext): Promise<ListView[]> {
  const memberships = await ctx.db.listMember.findMany({ where: { userId: ctx.userId }, include: { list: true } });
  return (await listViewsOf(ctx.db, memberships)).sort(compareListViews);
}
