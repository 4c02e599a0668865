import { LIST_EVENT_TYPES, type ListEvent, type ListEventType } from '../../events/list-event.js';
import type { TaskEvent } from '../../events/task-event.js';
import { isListRole } from '../../lists/list-rights.js';
import { acceptInvitation } from '../../lists/sharing/accept-invitation.js';
import { createInvitation, listInvitations, revokeInvitation, type InvitationView, type NewInvitationView } from '../../lists/sharing/manage-invitations.js';
import { readMembers, type MemberView } from '../../lists/sharing/list-members.js';
import { removeMember } from '../../lists/sharing/remove-member.js';
import { setMemberRole } from '../../lists/sharing/set-member-role.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { batchLoader } from '../batch-loader.js';
import { builder } from '../builder.js';
import { AFTER_DESCRIPTION, followCallerEvents } from '../follow-caller-events.js';
import { List, ListRole, listViewLoader, Person, personLoader } from './list.js';

const Member = builder.objectRef<MemberView>('Member').implement({
  description: 'A member of a list, as every member sees them.',
  fields: (t) => ({
    userId: t.exposeID('userId'),
    displayName: t.exposeString('displayName', { description: 'Their display name, or their user id when they have none' }),
    role: t.field({ type: ListRole, resolve: (m) => m.role }),
    joinedAt: t.field({ type: 'DateTime', resolve: (m) => new Date(m.joinedAt) }),
  }),
});

const Invitation = builder.objectRef<InvitationView & { url?: string }>('Invitation').implement({
  description: 'An invitation to a list: a link good for one person for 7 days.',
  fields: (t) => ({
    id: t.id({ resolve: (i) => String(i.id) }),
    role: t.field({ type: ListRole, resolve: (i) => i.role }),
    createdBy: t.field({ type: Person, resolve: (i, _args, ctx) => personLoader(ctx).load(i.createdBy).then((p) => p ?? { id: i.createdBy, displayName: i.createdBy }) }),
    createdAt: t.field({ type: 'DateTime', resolve: (i) => new Date(i.createdAt) }),
    expiresAt: t.field({ type: 'DateTime', resolve: (i) => new Date(i.expiresAt) }),
    url: t.string({
      nullable: true,
      description: '<PUBLIC_URL>/join#<token>: only in the answer of createInvitation (only a hash of the token is kept)',
      resolve: (i) => i.url ?? null,
    }),
  }),
});

/** Members of lists the caller is in (a List object exists only for its members), one read per level. */
const membersLoader = batchLoader<bigint, MemberView[]>((ctx, listIds) => readMembers(ctx.caller.db, listIds));

builder.objectFields(List, (t) => ({
  members: t.field({
    type: [Member],
    description: 'Every member with their role (the owner included), in the order they joined.',
    resolve: async (list, _args, ctx) => (await membersLoader(ctx).load(BigInt(list.id))) ?? [],
  }),
  invitations: t.field({
    type: [Invitation],
    nullable: true,
    description: "Pending invitations (unused, unexpired), oldest first: for the owner, and editors when members may invite; FORBIDDEN for other members.",
    resolve: (list, _args, ctx) => listInvitations(ctx.caller, BigInt(list.id)),
  }),
}));

const roleArg = (value: unknown) => (isListRole(value) ? value : String(value));

builder.mutationFields((t) => ({
  createInvitation: t.field({
    type: Invitation,
    nullable: true,
    description:
      'Invites someone to a list as EDITOR or VIEWER (as REST POST /lists/{id}/invitations): owners, and editors when members may invite. The answer carries the link, once. The Inbox cannot be shared (CONFLICT).',
    args: { listId: t.arg.id({ required: true }), role: t.arg({ type: ListRole, required: true }) },
    resolve: (_root, args, ctx): Promise<NewInvitationView> => createInvitation(ctx.caller, parseTaskId(args.listId), { role: roleArg(args.role) }),
  }),
  acceptInvitation: t.field({
    type: List,
    nullable: true,
    description:
      'Joins the list of an invitation (the token is the part of the link after #). Unknown, used, expired and revoked tokens are BAD_USER_INPUT with one message. A member already gets the list, and the invitation stays unused.',
    args: { token: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => acceptInvitation(ctx.caller, { token: args.token }),
  }),
  revokeInvitation: t.field({
    type: 'Boolean',
    nullable: true,
    description: 'Revokes a pending invitation of the list: its link stops working at once. NOT_FOUND for one used, expired or not the list’s.',
    args: { listId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await revokeInvitation(ctx.caller, parseTaskId(args.listId), parseTaskId(args.id));
      return true;
    },
  }),
  setMemberRole: t.field({
    type: Member,
    nullable: true,
    description: "Changes a member's role (owner only). OWNER hands the list over: the old owner becomes an editor (CONFLICT when the new owner already has a list of that name).",
    args: { listId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }), role: t.arg({ type: ListRole, required: true }) },
    resolve: (_root, args, ctx) => setMemberRole(ctx.caller, parseTaskId(args.listId), String(args.userId), { role: roleArg(args.role) }),
  }),
  removeMember: t.field({
    type: 'Boolean',
    nullable: true,
    description:
      'Removes a member (owner), or leaves the list (userId = the caller). Their access ends at once and their tasks there become unassigned. The owner cannot leave (CONFLICT: hand the list over first).',
    args: { listId: t.arg.id({ required: true }), userId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await removeMember(ctx.caller, parseTaskId(args.listId), String(args.userId));
      return true;
    },
  }),
}));

const ListChangeType = builder.enumType('ListChangeType', {
  values: {
    UPDATED: { value: 'list.updated' },
    MEMBER_JOINED: { value: 'list.member_joined' },
    MEMBER_LEFT: { value: 'list.member_left' },
    MEMBER_ROLE_CHANGED: { value: 'list.member_role_changed' },
    DELETED: { value: 'list.deleted' },
  } as const satisfies Record<string, { value: ListEventType }>,
});

const ListChangeMember = builder.objectRef<NonNullable<ListEvent['member']>>('ListChangeMember').implement({
  description: 'Whose membership changed, and their role after it.',
  fields: (t) => ({
    user: t.field({ type: Person, resolve: (m, _args, ctx) => personLoader(ctx).load(m.userId).then((p) => p ?? { id: m.userId, displayName: m.userId }) }),
    role: t.field({ type: ListRole, nullable: true, description: 'null once they left or were removed', resolve: (m) => (isListRole(m.role) ? m.role : null) }),
  }),
});

const ListChange = builder.objectRef<ListEvent>('ListChange').implement({
  description: "A change to one of the caller's lists itself: renamed or recolored, a member joined, left or changed role, or the list deleted.",
  fields: (t) => ({
    id: t.id({ description: 'The event id (UUIDv7, ordered by time)', resolve: (e) => e.id }),
    type: t.field({ type: ListChangeType, resolve: (e) => e.type }),
    occurredAt: t.field({ type: 'DateTime', resolve: (e) => new Date(e.occurredAt) }),
    actor: t.field({
      type: Person,
      nullable: true,
      description: "Who made the change; null for the service's own doing (a list passed on when its owner deleted their account)",
      resolve: (e, _args, ctx) => (e.actor ? personLoader(ctx).load(e.actor) : null),
    }),
    via: t.string({
      nullable: true,
      description: 'The transport the change came through when it is named: "caldav" for a calendar app (CalDAV); null for REST, GraphQL, the service and older changes',
      resolve: (e) => e.via ?? null,
    }),
    listId: t.id({ resolve: (e) => String(e.listId) }),
    name: t.string({ description: "The list's name as the change left it", resolve: (e) => e.list.name }),
    list: t.field({
      type: List,
      nullable: true,
      description: 'The list as the caller sees it now; null once they are no longer in it or it was deleted',
      resolve: (e, _args, ctx) => listViewLoader(ctx).load(BigInt(e.listId)),
    }),
    member: t.field({ type: ListChangeMember, nullable: true, description: 'For membership changes', resolve: (e) => e.member ?? null }),
  }),
});

builder.subscriptionField('listChanged', (t) =>
  t.field({
    type: ListChange,
    description:
      "Every change to the caller's lists themselves from now on (or after `after`): renamed, a member joined, left or changed role, deleted. A member who is removed hears of that last, then nothing more of the list.",
    args: { after: t.arg.id({ description: AFTER_DESCRIPTION }) },
    subscribe: (_root, args, ctx) =>
      followCallerEvents<TaskEvent>(ctx, LIST_EVENT_TYPES, args.after) as unknown as Promise<AsyncIterableIterator<ListEvent>>,
    resolve: (event: ListEvent) => event,
  }),
);
