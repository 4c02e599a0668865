import type { ServiceContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { listNotFound } from '../../errors.js';
import { recordListEvent } from '../../events/list-event.js';
import { recordTaskEvent } from '../../events/record-event.js';
import { decideAccess, requireList, roleIn } from '../list-access.js';
import type { ListRecord } from '../list-view.js';
import { memberNotFound, ownerCannotLeave } from './sharing-errors.js';

/**
 * Takes a member out of a list inside the caller's transaction: their membership row goes (so every
 * read from the next statement on treats them as an outsider, and later changes are no longer fanned
 * out to them), their pending invitations to it are revoked, the list's tasks assigned to them become unassigned (a `task.updated` for the remaining
 * members each), and `list.member_left` reaches the remaining members and the one who left.
 */
export async function dropMembership(tx: Tx, list: ListRecord, userId: string, actor: string | null, now: Date): Promise<void> {
  await tx.listMember.delete({ where: { listId_userId: { listId: list.id, userId } } });
  // Links they handed out no longer speak for the list.
  await tx.listInvitation.deleteMany({ where: { listId: list.id, createdBy: userId, usedAt: null } });
  const assigned = await tx.task.findMany({ where: { listId: list.id, assigneeId: userId }, select: { id: true } });
  for (const { id } of assigned) {
    const task = await tx.task.update({ where: { id }, data: { assigneeId: null, updatedAt: now } });
    await recordTaskEvent(tx, { type: 'task.updated', actor, task }, now);
  }
  await recordListEvent(tx, { type: 'list.member_left', actor, list, member: { userId, role: null } }, now, [userId]);
}

/**
 * Removes a member from a list: the owner removes anyone else; any member removes themself (leaves).
 * The owner cannot leave (409: hand the list over first). Someone the caller cannot see in the list is 404.
 */
export async function removeMember(ctx: ServiceContext, listId: bigint, memberId: string): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.$transaction(async (tx) => {
    let list: ListRecord;
    if (memberId === ctx.userId) {
      const role = decideAccess(await roleIn(tx, ctx.userId, listId), 'read', listNotFound);
      if (role === 'owner') throw ownerCannotLeave();
      list = await tx.list.findUniqueOrThrow({ where: { id: listId } });
    } else {
      ({ list } = await requireList(tx, ctx.userId, listId, 'change-roles'));
      if ((await roleIn(tx, memberId, listId)) === null) throw memberNotFound();
    }
    await dropMembership(tx, list, memberId, ctx.userId, now);
  });
  ctx.events.eventsRecorded();
  ctx.logger.info({ listId: String(listId), left: memberId === ctx.userId }, 'member removed');
}
