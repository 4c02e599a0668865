import type { ServiceContext } from '../../context.js';
import type { Tx } from '../../db/database.js';
import { invalidList, listNotFound } from '../../errors.js';
import { decideAccess, roleIn } from '../list-access.js';
import type { ListRecord } from '../list-view.js';
import { inboxNotShared, invitationNotFound } from './sharing-errors.js';
import { hashInvitationToken, INVITATION_TTL_MS, invitationUrl, newInvitationToken } from './invitation-token.js';

export const INVITATION_ROLES = ['editor', 'viewer'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** A pending invitation as inviters see it (the token is never shown again after it is made). */
export interface InvitationView {
  id: number;
  role: InvitationRole;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

/** A new invitation: its link, with the token, shown this once. */
export interface NewInvitationView extends InvitationView {
  url: string;
}

type InvitationRecord = { id: bigint; role: string; createdBy: string; createdAt: Date; expiresAt: Date };

const toView = (row: InvitationRecord): InvitationView => ({
  id: Number(row.id),
  role: row.role as InvitationRole,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

/**
 * A list the caller may invite to: owners always, editors when the owner lets members invite; anyone
 * else who can see it gets 403, an outsider 404. The Inbox is never shared (409).
 */
export async function requireInviter(tx: Tx, userId: string, listId: bigint): Promise<ListRecord> {
  const role = await roleIn(tx, userId, listId);
  decideAccess(role, 'read', listNotFound);
  const list = await tx.list.findUnique({ where: { id: listId } });
  if (!list) throw listNotFound();
  if (!(role === 'editor' && list.membersCanInvite)) decideAccess(role, 'invite', listNotFound);
  if (list.inbox) throw inboxNotShared();
  return list;
}

/** Whether a caller in this role may see and manage the list's invitations (owner; editors when members may invite). */
export function mayInvite(role: string, membersCanInvite: boolean): boolean {
  return role === 'owner' || (role === 'editor' && membersCanInvite);
}

/** Makes an invitation to a list: a link good for one person, for 7 days, into the given role. */
export async function createInvitation(ctx: ServiceContext, listId: bigint, input: { role: unknown }): Promise<NewInvitationView> {
  if (typeof input.role !== 'string' || !(INVITATION_ROLES as readonly string[]).includes(input.role)) {
    throw invalidList(`role must be one of ${INVITATION_ROLES.join(', ')} (ownership is handed over, not invited to)`);
  }
  const role = input.role;
  const token = newInvitationToken();
  const now = ctx.clock.now();
  const row = await ctx.db.$transaction(async (tx) => {
    await requireInviter(tx, ctx.userId, listId);
    return tx.listInvitation.create({
      data: { listId, role, tokenHash: hashInvitationToken(token), createdBy: ctx.userId, createdAt: now, expiresAt: new Date(now.getTime() + INVITATION_TTL_MS) },
    });
  });
  ctx.logger.info({ listId: String(listId), invitationId: String(row.id), role }, 'invitation made');
  return { ...toView(row), url: invitationUrl(ctx.publicUrl, token) };
}

/** The list's pending invitations (unused, unexpired), oldest first. */
export async function listInvitations(ctx: ServiceContext, listId: bigint): Promise<InvitationView[]> {
  const rows = await ctx.db.$transaction(async (tx) => {
    await requireInviter(tx, ctx.userId, listId);
    return tx.listInvitation.findMany({ where: { listId, usedAt: null, expiresAt: { gt: ctx.clock.now() } }, orderBy: { id: 'asc' } });
  });
  return rows.map(toView);
}

/** Revokes (deletes) a pending invitation of the list; one that is used, expired or not the list's is 404. */
export async function revokeInvitation(ctx: ServiceContext, listId: bigint, invitationId: bigint): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    await requireInviter(tx, ctx.userId, listId);
    const { count } = await tx.listInvitation.deleteMany({ where: { id: invitationId, listId, usedAt: null, expiresAt: { gt: ctx.clock.now() } } });
    if (count === 0) throw invitationNotFound();
  });
}
