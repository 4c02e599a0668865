import type { ServiceContext } from '../../context.js';
import { roleIn } from '../list-access.js';
import type { ListRole } from '../list-rights.js';
import { hashInvitationToken } from './invitation-token.js';
import { invitationInvalid } from './sharing-errors.js';

const TOKEN_MAX_LENGTH = 200;

/** What the person opening a link sees before joining. */
export interface InvitationPreview {
  listId: bigint;
  listName: string;
  listColor: string | null;
  role: ListRole;
  inviter: { id: string; displayName: string };
  expiresAt: Date;
  /** The caller is in the list already: joining changes nothing. */
  alreadyMember: boolean;
}

/**
 * Reads an invitation by its token without using it, so the join screen can name the list and who
 * invited. The token is the secret that lets anyone join, so showing the list's name to its holder
 * reveals nothing more; unusable tokens answer the same 400 as accepting them.
 */
export async function previewInvitation(ctx: ServiceContext, input: { token: unknown }): Promise<InvitationPreview> {
  const token = input.token;
  if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_MAX_LENGTH) throw invitationInvalid();
  const invitation = await ctx.db.listInvitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { list: true, creator: { select: { id: true, displayName: true } } },
  });
  if (!invitation || invitation.usedAt !== null || invitation.expiresAt.getTime() <= ctx.clock.now().getTime()) throw invitationInvalid();
  return {
    listId: invitation.listId,
    listName: invitation.list.name,
    listColor: invitation.list.color,
    role: invitation.role as ListRole,
    inviter: { id: invitation.creator.id, displayName: invitation.creator.displayName ?? invitation.creator.id },
    expiresAt: invitation.expiresAt,
    alreadyMember: (await roleIn(ctx.db, ctx.userId, invitation.listId)) !== null,
  };
}
