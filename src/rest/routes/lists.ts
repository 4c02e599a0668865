import type { FastifyInstance } from 'fastify';
import { createList, type NewListInput } from '../../lists/create-list.js';
import { deleteList } from '../../lists/delete-list.js';
import { getList } from '../../lists/get-list.js';
import { LIST_NAME_MAX_LENGTH } from '../../lists/list-input.js';
import { listCallerLists } from '../../lists/list-views.js';
import { updateList, type ListChangesInput } from '../../lists/update-list.js';
import { replyOnce } from '../reply-once.js';
import { requireMediaType } from '../require-media-type.js';
import { errorResponses } from '../schemas.js';
import { sharingRoutes } from './sharing.js';

export const listSchema = {
  $id: 'List',
  type: 'object',
  required: ['id', 'name', 'color', 'inbox', 'role', 'memberCount', 'openCount', 'membersCanInvite'],
  properties: {
    id: { type: 'integer', format: 'int64', minimum: 1 },
    name: { type: 'string' },
    color: { type: ['string', 'null'], description: '#rrggbb, or null' },
    inbox: { type: 'boolean', description: "The caller's Inbox: renamable, but it cannot be deleted or shared" },
    role: { type: 'string', enum: ['owner', 'editor', 'viewer'], description: "The caller's role in the list" },
    memberCount: { type: 'integer', minimum: 1 },
    openCount: { type: 'integer', minimum: 0, description: 'Its pending tasks' },
    membersCanInvite: { type: 'boolean', description: 'Whether editors may invite too (owners always may)' },
  },
} as const;

const listIdParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', format: 'int64', minimum: 1, description: 'The list id' } },
} as const;

const nameProperty = { type: 'string', description: `1 to ${LIST_NAME_MAX_LENGTH} characters after trimming; unique among the owner's lists regardless of letter case` };
const colorProperty = { type: ['string', 'null'], description: '#rrggbb, or null for none' };

/** The caller's lists: their own and those shared with them (src/lists/ decides every right). */
export async function listRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(listSchema);
  // application/merge-patch+json is parsed like JSON (Fastify's own parser handles application/json).
  app.addContentTypeParser('application/merge-patch+json', { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));

  app.get(
    '/lists',
    {
      schema: {
        operationId: 'listLists',
        summary: "The caller's lists",
        description: 'Every list the caller is a member of (their own and shared ones): the Inbox first, then by name.',
        tags: ['lists'],
        response: { 200: { description: 'The lists', type: 'array', items: { $ref: 'List#' } }, ...errorResponses(401) },
      },
    },
    async (request) => listCallerLists(request.caller),
  );

  app.post<{ Body: NewListInput }>(
    '/lists',
    {
      config: { idempotent: true },
      onRequest: requireMediaType('application/json'),
      schema: {
        operationId: 'createList',
        summary: 'Make a list',
        description: 'The caller owns it. A name they already use (any letter case) is 409; at most 500 lists per owner (409 past it). Takes an Idempotency-Key.',
        tags: ['lists'],
        body: { type: 'object', required: ['name'], properties: { name: nameProperty, color: colorProperty } },
        response: {
          201: { description: 'The list; Location names it', headers: { Location: { type: 'string', description: '/lists/{id}' } }, $ref: 'List#' },
          ...errorResponses(400, 401, 409, 413, 415),
        },
      },
    },
    async (request, reply) =>
      replyOnce(request, reply, 'createList', async () => {
        const list = await createList(request.caller, request.body);
        return { status: 201, body: JSON.stringify(list), location: `/lists/${list.id}` };
      }),
  );

  app.get<{ Params: { id: bigint } }>(
    '/lists/:id',
    {
      schema: {
        operationId: 'getList',
        summary: 'One list',
        description: 'A list the caller is a member of; any other is a 404, like an unknown id.',
        tags: ['lists'],
        params: listIdParams,
        response: { 200: { description: 'The list', $ref: 'List#' }, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getList(request.caller, request.params.id),
  );

  app.patch<{ Params: { id: bigint }; Body: ListChangesInput }>(
    '/lists/:id',
    {
      onRequest: requireMediaType('application/merge-patch+json', 'application/json'),
      schema: {
        operationId: 'updateList',
        summary: 'Change a list',
        description:
          'A JSON merge patch (RFC 7396) of `name` (owner), `color` (owner or editor) and `membersCanInvite` (owner). A role that falls short is 403; a name the owner already uses is 409.',
        tags: ['lists'],
        params: listIdParams,
        body: {
          type: 'object',
          properties: { name: nameProperty, color: colorProperty, membersCanInvite: { type: 'boolean' } },
        },
        response: { 200: { description: 'The list as changed', $ref: 'List#' }, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => {
      const changes: ListChangesInput = {};
      for (const field of ['name', 'color', 'membersCanInvite'] as const) {
        if (Object.hasOwn(request.body, field)) changes[field] = request.body[field];
      }
      return updateList(request.caller, request.params.id, changes);
    },
  );

  app.delete<{ Params: { id: bigint } }>(
    '/lists/:id',
    {
      schema: {
        operationId: 'deleteList',
        summary: 'Delete a list and its tasks',
        description:
          "Owner only (403 otherwise). Its tasks are deleted with it, each with a `task.deleted` event for every member. The Inbox cannot be deleted (409).",
        tags: ['lists'],
        params: listIdParams,
        response: { 204: { description: 'Deleted', type: 'null' }, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteList(request.caller, request.params.id);
      return reply.code(204).send();
    },
  );

  await app.register(sharingRoutes);
}
