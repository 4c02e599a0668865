import type { ServiceContext } from '../context.js';
import { can, isListRole } from './list-rights.js';

/**
 * The lists the caller may add tasks to (owner or editor), their own first, then shared ones, each
 * group oldest first: what a capture's `#Name` mark is matched against, so a name the caller uses for
 * one of their own lists wins over the same name in a list shared with them.
 */
export async function listsToAddTo(ctx: ServiceContext): Promise<Array<{ id: number; name: string }>> {
  const memberships = await ctx.db.listMember.findMany({
    where: { userId: ctx.userId },
    select: { role: true, list: { select: { id: true, name: true, ownerId: true } } },
  });
  return memberships
    .filter(({ role }) => isListRole(role) && can(role, 'create'))
    .map(({ list }) => list)
    .sort((a, b) => Number(b.ownerId === ctx.userId) - Number(a.ownerId === ctx.userId) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((list) => ({ id: Number(list.id), name: list.name }));
}
