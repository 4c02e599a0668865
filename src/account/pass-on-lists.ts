import type { Tx } from '../db/database.js';
import { recordListEvent } from '../events/list-event.js';
import { dropMembership } from '../lists/sharing/remove-member.js';
import type { ListRecord } from '../lists/list-view.js';

const ROLE_ORDER: Record<string, number> = { editor: 0, viewer: 1 };

/** A name the new owner does not use yet: the list's own, else "<name> (2)", "(3)"… */
async function freeNameFor(tx: Tx, ownerId: string, list: ListRecord): Promise<{ name: string; nameKey: string }> {
  for (let n = 1; ; n += 1) {
    const name = n === 1 ? list.name : `${list.name.slice(0, 90)} (${n})`;
    const nameKey = name.trim().toLowerCase();
    if (!(await tx.list.findUnique({ where: { ownerId_nameKey: { ownerId, nameKey } }, select: { id: true } }))) return { name, nameKey };
  }
}

/**
 * Before an account goes (inside its deletion's transaction): every list it owns that has other
 * members passes to the longest-standing editor (else the longest-standing member), taking a free name
 * among the new owner's lists; the user leaves every list they are in but do not own (their assigned
 * tasks there become unassigned); and the tasks they created in the lists that stay are credited to
 * each list's owner (tasks.user_id cascades with the user, so they would vanish otherwise). Lists
 * with nobody else in them are left to the account deletion, which deletes them with their tasks.
 * Answers how many lists were handed over and left.
 */
export async function passOnLists(tx: Tx, userId: string, now: Date): Promise<{ handedOver: number; left: number }> {
  const memberships = await tx.listMember.findMany({ where: { userId }, include: { list: true }, orderBy: { listId: 'asc' } });
  let handedOver = 0;
  let left = 0;
  for (const { list } of memberships) {
    let current = list;
    if (list.ownerId === userId) {
      const others = await tx.listMember.findMany({ where: { listId: list.id, userId: { not: userId } } });
      if (others.length === 0) continue;
      others.sort((a, b) => (ROLE_ORDER[a.role] ?? 2) - (ROLE_ORDER[b.role] ?? 2) || a.joinedAt.getTime() - b.joinedAt.getTime() || a.userId.localeCompare(b.userId));
      const heir = others[0]!.userId;
      const { name, nameKey } = await freeNameFor(tx, heir, list);
      await tx.listMember.update({ where: { listId_userId: { listId: list.id, userId: heir } }, data: { role: 'owner' } });
      current = await tx.list.update({ where: { id: list.id }, data: { ownerId: heir, name, nameKey, updatedAt: now } });
      await recordListEvent(tx, { type: 'list.member_role_changed', actor: null, list: current, member: { userId: heir, role: 'owner' } }, now);
      handedOver += 1;
    } else {
      left += 1;
    }
    await dropMembership(tx, current, userId, null, now);
    const created = await tx.task.findMany({ where: { listId: list.id, userId }, select: { id: true } });
    if (created.length > 0) {
      const ids = created.map((t) => t.id);
      await tx.task.updateMany({ where: { id: { in: ids } }, data: { userId: current.ownerId } });
      await tx.reminder.updateMany({ where: { taskId: { in: ids } }, data: { userId: current.ownerId } });
    }
  }
  return { handedOver, left };
}
