import type { ServiceContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { AppError, invalidList } from '../../errors.js';
import { recordListEvent } from '../../events/list-event.js';
import { requireList } from '../list-access.js';
import { LISTS_PER_USER_MAX } from '../list-input.js';
import { isListRole, LIST_ROLES, type ListRole } from '../list-rights.js';
import type { ListRecord } from '../list-view.js';
import { readMembers, type MemberView } from './list-members.js';
import { memberNotFound } from './sharing-errors.js';

/**
 * Makes `newOwner` (a member) the list's owner and the old owner an editor. The list moves to the new
 * owner's names: one they already use is 409, as is an owner at 500 lists.
 */
export async function handOver(tx: Tx, list: ListRecord, newOwner: string, now: Date): Promise<ListRecord> {
  const taken = await tx.list.findUnique({ where: { ownerId_nameKey: { ownerId: newOwner, nameKey: list.nameKey } }, select: { id: true } });
  if (taken) throw new AppError('lists/conflict', 409, 'The new owner already has a list of that name: rename this list first');
  if ((await tx.list.count({ where: { ownerId: newOwner } })) >= LISTS_PER_USER_MAX) {
    throw new AppError('lists/too_many', 409, `The new owner already owns ${LISTS_PER_USER_MAX} lists`);
  }
  await tx.listMember.update({ where: { listId_userId: { listId: list.id, userId: list.ownerId } }, data: { role: 'editor' } });
  await tx.listMember.update({ where: { listId_userId: { listId: list.id, userId: newOwner } }, data: { role: 'owner' } });
  return tx.list.update({ where: { id: list.id }, data: { ownerId: newOwner, updatedAt: now } });
}

/**
 * Changes a member's role (owners only). `owner` hands the list over: the old owner becomes an editor.
 * The owner's own role changes only by handing over (409 otherwise). Answers the member as changed.
 */
export async function setMemberRole(ctx: ServiceContext, listId: bigint, memberId: string, input: { role: unknown }): Promise<MemberView> {
  const role = input.role;
  if (!isListRole(role)) throw invalidList(`role must be one of ${LIST_ROLES.join(', ')}`);
  const now = ctx.clock.now();
  const member = await ctx.db.$transaction(async (tx) => {
    const { list } = await requireList(tx, ctx.userId, listId, 'change-roles');
    const target = await tx.listMember.findUnique({ where: { listId_userId: { listId, userId: memberId } } });
    if (!target) throw memberNotFound();
    if (target.role !== role) {
      if (target.userId === list.ownerId) throw new AppError('lists/conflict', 409, 'The owner stays owner until they hand the list to another member ({"role": "owner"} on that member)');
      if (role === 'owner') {
        const changed = await handOver(tx, list, memberId, now);
        await recordListEvent(tx, { type: 'list.member_role_changed', actor: ctx.userId, list: changed, member: { userId: ctx.userId, role: 'editor' } }, now);
        await recordListEvent(tx, { type: 'list.member_role_changed', actor: ctx.userId, list: changed, member: { userId: memberId, role: 'owner' } }, now);
      } else {
        await tx.listMember.update({ where: { listId_userId: { listId, userId: memberId } }, data: { role: role satisfies ListRole } });
        await recordListEvent(tx, { type: 'list.member_role_changed', actor: ctx.userId, list, member: { userId: memberId, role } }, now);
      }
    }
    return (await readMembers(tx, [listId])).get(listId)!.find((m) => m.userId === memberId)!;
  });
  ctx.events.eventsRecorded();
  return member;
}
