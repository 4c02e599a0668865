import { previewInvitation, type InvitationPreview } from '../../lists/sharing/preview-invitation.js';
import { builder } from '../builder.js';
import { ListRole, Person } from './list.js';

const InvitationPreviewRef = builder.objectRef<InvitationPreview>('InvitationPreview').implement({
  description: 'What an invitation link leads to, read without using it (the join screen).',
  fields: (t) => ({
    listId: t.id({ resolve: (p) => String(p.listId) }),
    listName: t.exposeString('listName'),
    listColor: t.string({ nullable: true, description: '#rrggbb, or null', resolve: (p) => p.listColor }),
    role: t.field({ type: ListRole, description: 'The role joining gives', resolve: (p) => p.role }),
    inviter: t.field({ type: Person, description: 'Who made the link', resolve: (p) => p.inviter }),
    expiresAt: t.field({ type: 'DateTime', resolve: (p) => p.expiresAt }),
    alreadyMember: t.exposeBoolean('alreadyMember', { description: 'The caller is in the list already: joining changes nothing' }),
  }),
});

builder.queryField('invitation', (t) =>
  t.field({
    type: InvitationPreviewRef,
    nullable: true,
    description:
      'The list an invitation link leads to and who made it, without using the link (the token is the part after #). Unknown, used, expired and revoked tokens are BAD_USER_INPUT with the one message acceptInvitation gives.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => previewInvitation(ctx.caller, { token: args.token }),
  }),
);
