import type { FastifyInstance } from 'fastify';
import { acceptInvitation } from '../../lists/sharing/accept-invitation.js';
import { createInvitation, INVITATION_ROLES, listInvitations, revokeInvitation } from '../../lists/sharing/manage-invitations.js';
import { listMembers } from '../../lists/sharing/list-members.js';
import { removeMember } from '../../lists/sharing/remove-member.js';
import { setMemberRole } from '../../lists/sharing/set-member-role.js';
import { LIST_ROLES } from '../../lists/list-rights.js';
import { requireMediaType } from '../require-media-type.js';
import { errorResponses } from '../schemas.js';

const int64 = { type: 'integer', format: 'int64', minimum: 1 } as const;
const listIdParams = { type: 'object', required: ['id'], properties: { id: { ...int64, description: 'The list id' } } } as const;
const invitationParams = {
  type: 'object',
  required: ['id', 'invitationId'],
  properties: { id: { ...int64, description: 'The list id' }, invitationId: { ...int64, description: 'The invitation id' } },
} as const;
const memberParams = {
  type: 'object',
  required: ['id', 'userId'],
  properties: { id: { ...int64, description: 'The list id' }, userId: { type: 'string', minLength: 1, maxLength: 255, description: "The member's user id" } },
} as const;

const invitationProperties = {
  id: int64,
  role: { type: 'string', enum: INVITATION_ROLES },
  createdBy: { type: 'string', description: 'The user id of who made it' },
  createdAt: { type: 'string', format: 'date-time' },
  expiresAt: { type: 'string', format: 'date-time', description: '7 days after it was made' },
} as const;

const invitationSchema = {
  $id: 'Invitation',
  type: 'object',
  description: 'A pending invitation (its secret is shown only once, when it is made)',
  required: ['id', 'role', 'createdBy', 'createdAt', 'expiresAt'],
  properties: invitationProperties,
} as const;

const newInvitationSchema = {
  type: 'object',
  required: ['id', 'url', 'role', 'createdBy', 'createdAt', 'expiresAt'],
  properties: {
    ...invitationProperties,
    url: { type: 'string', description: '<PUBLIC_URL>/join#<token>: whoever opens it first (signed in) joins the list. Shown this once.' },
  },
} as const;

const memberSchema = {
  $id: 'Member',
  type: 'object',
  required: ['userId', 'displayName', 'role', 'joinedAt'],
  properties: {
    userId: { type: 'string' },
    displayName: { type: 'string', description: 'Their display name, or their user id when they have none' },
    role: { type: 'string', enum: LIST_ROLES },
    joinedAt: { type: 'string', format: 'date-time' },
  },
} as const;

const INVITERS = 'The owner, and editors when the list lets members invite (`membersCanInvite`); other members get 403, outsiders 404.';

/** Sharing a list: invitations and members (src/lists/sharing/ decides every right). Registered inside listRoutes. */
export async function sharingRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(invitationSchema);
  app.addSchema(memberSchema);

  app.post<{ Params: { id: bigint }; Body: { role: string } }>(
    '/lists/:id/invitations',
    {
      onRequest: requireMediaType('application/json'),
      schema: {
        operationId: 'createInvitation',
        summary: 'Invite someone to a list',
        description: `${INVITERS} The link holds a secret of 256 random bits (only its SHA-256 is stored), good for one person for 7 days. The Inbox cannot be shared (409).`,
        tags: ['lists'],
        params: listIdParams,
        body: { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: INVITATION_ROLES } } },
        response: { 201: { description: 'The invitation with its link', ...newInvitationSchema }, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => reply.code(201).send(await createInvitation(request.caller, request.params.id, request.body)),
  );

  app.get<{ Params: { id: bigint } }>(
    '/lists/:id/invitations',
    {
      schema: {
        operationId: 'listInvitations',
        summary: "A list's pending invitations",
        description: `Unused and unexpired invitations, oldest first, without their secrets. ${INVITERS}`,
        tags: ['lists'],
        params: listIdParams,
        response: { 200: { description: 'The invitations', type: 'array', items: { $ref: 'Invitation#' } }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => listInvitations(request.caller, request.params.id),
  );

  app.delete<{ Params: { id: bigint; invitationId: bigint } }>(
    '/lists/:id/invitations/:invitationId',
    {
      schema: {
        operationId: 'revokeInvitation',
        summary: 'Revoke a pending invitation',
        description: `Its link stops working at once (it then answers like a used or expired one). ${INVITERS} An invitation that is used, expired or not this list's is 404.`,
        tags: ['lists'],
        params: invitationParams,
        response: { 204: { description: 'Revoked', type: 'null' }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(request.caller, request.params.id, request.params.invitationId);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { token: string } }>(
    '/invitations/accept',
    {
      onRequest: requireMediaType('application/json'),
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Join a list with an invitation',
        description:
          'The token is the part of the invitation link after `#`. The caller becomes a member in the invitation\'s role and the invitation is used up. A token that is unknown, used, expired or revoked is 400, with one message for all. A caller who is a member already gets the list, and the invitation stays unused.',
        tags: ['lists'],
        body: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } },
        response: { 200: { description: 'The list joined', $ref: 'List#' }, ...errorResponses(400, 401, 413, 415) },
      },
    },
    async (request) => acceptInvitation(request.caller, request.body),
  );

  app.get<{ Params: { id: bigint } }>(
    '/lists/:id/members',
    {
      schema: {
        operationId: 'listMembers',
        summary: "A list's members",
        description: 'Every member with their role (the owner included), in the order they joined. Any member may see them; outsiders get 404.',
        tags: ['lists'],
        params: listIdParams,
        response: { 200: { description: 'The members', type: 'array', items: { $ref: 'Member#' } }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listMembers(request.caller, request.params.id),
  );

  app.patch<{ Params: { id: bigint; userId: string }; Body: { role: string } }>(
    '/lists/:id/members/:userId',
    {
      onRequest: requireMediaType('application/merge-patch+json', 'application/json'),
      schema: {
        operationId: 'setMemberRole',
        summary: "Change a member's role",
        description:
          'Owner only (403 otherwise). `{"role": "owner"}` hands the list over: the member becomes its owner and the old owner an editor (409 when the new owner already has a list of that name). The owner\'s own role changes only by handing over (409).',
        tags: ['lists'],
        params: memberParams,
        body: { type: 'object', required: ['role'], properties: { role: { type: 'string', enum: LIST_ROLES } } },
        response: { 200: { description: 'The member as changed', $ref: 'Member#' }, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => setMemberRole(request.caller, request.params.id, request.params.userId, request.body),
  );

  app.delete<{ Params: { id: bigint; userId: string } }>(
    '/lists/:id/members/:userId',
    {
      schema: {
        operationId: 'removeMember',
        summary: 'Remove a member, or leave a list',
        description:
          'The owner removes any other member; a member removes themself (leaves). Access ends at once: the next request is 404, live subscriptions stop hearing of the list, the calendar feed drops its tasks, and their tasks in it become unassigned. The owner cannot leave (409: hand the list over first).',
        tags: ['lists'],
        params: memberParams,
        response: { 204: { description: 'Removed', type: 'null' }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeMember(request.caller, request.params.id, request.params.userId);
      return reply.code(204).send();
    },
  );
}
