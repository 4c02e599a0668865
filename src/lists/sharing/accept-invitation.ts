import type { ServiceContext } from '../../context.js';
import { recordListEvent } from '../../events/list-event.js';
import { roleIn } from '../list-access.js';
import { listViewsOf, type ListView } from '../list-views.js';
import { hashInvitationToken } from './invitation-token.js';
import { invitationInvalid } from './sharing-errors.js';

const TOKEN_MAX_LENGTH = 200;

/**
 * Joins the list of an invitation: the caller becomes a member in the invitation's role and the
 * invitation is used up. Unknown, used, expired and revoked tokens all answer the same 400. A caller
 * who is a member already gets the list as it is, and the invitation stays unused for someone else
 * (opening one's own link by mistake must not waste it).
 */
export async function acceptInvitation(ctx: ServiceContext, input: { token: unknown }): Promise<ListView> {
  const token = input.token;
  if (typeof token !== 'string' || token.length === 0 || token.length > TOKEN_MAX_LENGTH) throw invitationInvalid();
  const now = ctx.clock.now();
  const { view, joined } = await ctx.db.$transaction(async (tx) => {
    const invitation = await tx.listInvitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, include: { list: true } });
    if (!invitation || invitation.usedAt !== null || invitation.expiresAt.getTime() <= now.getTime()) throw invitationInvalid();
    const current = await roleIn(tx, ctx.userId, invitation.listId);
    if (current !== null) return { view: (await listViewsOf(tx, [{ list: invitation.list, role: current }]))[0]!, joined: false };
    // Two people accepting one link at once: only the first one's update finds it unused.
    const { count } = await tx.listInvitation.updateMany({ where: { id: invitation.id, usedAt: null }, data: { usedAt: now, usedBy: ctx.userId } });
    if (count === 0) throw invitationInvalid();
    await tx.listMember.create({ data: { listId: invitation.listId, userId: ctx.userId, role: invitation.role, joinedAt: now } });
    await recordListEvent(tx, { type: 'list.member_joined', actor: ctx.userId, list: invitation.list, member: { userId: ctx.userId, role: invitation.role } }, now);
    return { view: (await listViewsOf(tx, [{ list: invitation.list, role: invitation.role }]))[0]!, joined: true };
  });
  if (joined) {
    ctx.events.eventsRecorded();
    ctx.logger.info({ listId: String(view.id) }, 'joined a list');
  }
  return view;
}
