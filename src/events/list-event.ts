import type { Tx } from '../db/database.js';
import type { ChangeVia } from './change-via.js';
import { uuidv7 } from './uuid-v7.js';

/**
 * Changes to a list itself (not its tasks), for the GraphQL `listChanged` subscription. They travel the
 * outbox and the bus like task events, one row per member, but are no webhook event types (webhook
 * endpoints subscribe to task and reminder events only).
 */
export const LIST_EVENT_TYPES = [
  'list.updated',
  'list.member_joined',
  'list.member_left',
  'list.member_role_changed',
  'list.deleted',
] as const;
export type ListEventType = (typeof LIST_EVENT_TYPES)[number];

/** The list as the change left it (as it was, for a deletion). */
export interface ListSnapshot {
  id: number;
  name: string;
  color: string | null;
  inbox: boolean;
  membersCanInvite: boolean;
  ownerId: string;
}

export interface ListEvent {
  id: string;
  type: ListEventType;
  occurredAt: string;
  /** Who this copy is for. */
  userId: string;
  /** Who made the change; null for the service's own doing (an account deletion handing a list on). */
  actor: string | null;
  /** The transport the change came through ("caldav"); absent for REST, GraphQL, the service and older events. */
  via?: ChangeVia;
  listId: number;
  list: ListSnapshot;
  /** For membership changes: whose, and their role after it (null once they left or were removed). */
  member?: { userId: string; role: string | null };
}

export interface NewListChange {
  type: ListEventType;
  actor: string | null;
  /** The transport named in the event (CalDAV). */
  via?: ChangeVia | undefined;
  list: { id: bigint; name: string; color: string | null; inbox: boolean; membersCanInvite: boolean; ownerId: string };
  member?: { userId: string; role: string | null };
}

export function listSnapshot(list: NewListChange['list']): ListSnapshot {
  return { id: Number(list.id), name: list.name, color: list.color, inbox: list.inbox, membersCanInvite: list.membersCanInvite, ownerId: list.ownerId };
}

/**
 * Writes a list change to the outbox for every member of the list as the transaction sees it, and for
 * `alsoTo` (a member who just left hears of their own leaving; the members of a list being deleted).
 */
export async function recordListEvent(tx: Tx, change: NewListChange, now: Date, alsoTo: readonly string[] = []): Promise<number> {
  const members = await tx.listMember.findMany({ where: { listId: change.list.id }, select: { userId: true } });
  const recipients = [...new Set([...members.map((m) => m.userId), ...alsoTo])];
  const rows = recipients.map((userId) => {
    const event: ListEvent = {
      id: uuidv7(now.getTime()),
      type: change.type,
      occurredAt: now.toISOString(),
      userId,
      actor: change.actor,
      ...(change.via ? { via: change.via } : {}),
      listId: Number(change.list.id),
      list: listSnapshot(change.list),
      ...(change.member ? { member: change.member } : {}),
    };
    return { id: event.id, type: event.type, userId, taskId: null, occurredAt: now, payload: JSON.stringify(event) };
  });
  if (rows.length > 0) await tx.event.createMany({ data: rows });
  return rows.length;
}
