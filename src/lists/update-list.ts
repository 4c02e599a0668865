import type { ServiceContext } from '../context.js';
import { decideAccess, roleIn } from './list-access.js';
import { listNameTaken } from './create-list.js';
import { validateListColor, validateListName } from './list-input.js';
import { listNameKey } from './list-view.js';
import { listViewsOf, type ListView } from './list-views.js';
import { invalidList, listNotFound } from '../errors.js';
import { recordListEvent } from '../events/list-event.js';

export interface ListChangesInput {
  name?: unknown;
  color?: unknown;
  membersCanInvite?: unknown;
}

/**
 * Changes a list (a merge patch): its name (owners; unique per owner regardless of letter case, 409),
 * its color (owners and editors) and whether editors may invite (owners). Every field is checked, and
 * every right, before anything is written.
 */
export async function updateList(ctx: ServiceContext, listId: bigint, input: ListChangesInput): Promise<ListView> {
  const data: { name?: string; nameKey?: string; color?: string | null; membersCanInvite?: boolean } = {};
  if (input.name !== undefined) {
    data.name = validateListName(input.name);
    data.nameKey = listNameKey(data.name);
  }
  if (input.color !== undefined) data.color = validateListColor(input.color);
  if (input.membersCanInvite !== undefined) {
    if (typeof input.membersCanInvite !== 'boolean') throw invalidList('membersCanInvite must be true or false');
    data.membersCanInvite = input.membersCanInvite;
  }
  const now = ctx.clock.now();
  const { view, changed } = await ctx.db.$transaction(async (tx) => {
    const role = await roleIn(tx, ctx.userId, listId);
    decideAccess(role, 'read', listNotFound);
    if (data.name !== undefined) decideAccess(role, 'rename', listNotFound);
    if (data.color !== undefined) decideAccess(role, 'edit', listNotFound);
    if (data.membersCanInvite !== undefined) decideAccess(role, 'change-roles', listNotFound);
    const current = await tx.list.findUniqueOrThrow({ where: { id: listId } });
    if (data.nameKey !== undefined && data.nameKey !== current.nameKey) {
      const taken = await tx.list.findUnique({ where: { ownerId_nameKey: { ownerId: current.ownerId, nameKey: data.nameKey } }, select: { id: true } });
      if (taken) throw listNameTaken();
    }
    const changed = Object.keys(data).length > 0;
    const list = changed ? await tx.list.update({ where: { id: listId }, data: { ...data, updatedAt: now } }) : current;
    if (changed) await recordListEvent(tx, { type: 'list.updated', actor: ctx.userId, via: ctx.via, list }, now);
    return { view: (await listViewsOf(tx, [{ list, role: role! }]))[0]!, changed };
  });
  if (changed) ctx.events.eventsRecorded();
  return view;
}
