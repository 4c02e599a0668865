import { createList } from '../../lists/create-list.js';
import { deleteList } from '../../lists/delete-list.js';
import { getList } from '../../lists/get-list.js';
import { listCallerLists, listViewsOf, type ListView } from '../../lists/list-views.js';
import { updateList } from '../../lists/update-list.js';
import { parseTaskId } from '../../tasks/task-input.js';
import { LIST_ROLES } from '../../lists/list-rights.js';
import { listLabels, type LabelCount } from '../../tasks/list-labels.js';
import { readPeople, type Person as PersonShape } from '../../users/people.js';
import { batchLoader } from '../batch-loader.js';
import { builder } from '../builder.js';

export const ListRole = builder.enumType('ListRole', {
  values: { OWNER: { value: 'owner' }, EDITOR: { value: 'editor' }, VIEWER: { value: 'viewer' } } as const satisfies Record<
    string,
    { value: (typeof LIST_ROLES)[number] }
  >,
});

export const List = builder.objectRef<ListView>('List').implement({
  description: 'A list of tasks the caller is a member of: their Inbox, another of their own, or one shared with them.',
  fields: (t) => ({
    id: t.id({ resolve: (list) => String(list.id) }),
    name: t.exposeString('name'),
    color: t.exposeString('color', { nullable: true, description: '#rrggbb, or null' }),
    inbox: t.exposeBoolean('inbox', { description: "The caller's Inbox: cannot be deleted or shared" }),
    role: t.field({ type: ListRole, description: "The caller's role in the list", resolve: (list) => list.role }),
    memberCount: t.exposeInt('memberCount'),
    openCount: t.exposeInt('openCount', { description: 'Its pending tasks' }),
    membersCanInvite: t.exposeBoolean('membersCanInvite', { description: 'Whether editors may invite too (owners always may)' }),
  }),
});

export const Person = builder.objectRef<PersonShape>('Person').implement({
  description: 'A user as the people they share lists with see them.',
  fields: (t) => ({
    id: t.exposeID('id'),
    displayName: t.exposeString('displayName', { description: 'Their display name, or their user id when they have none' }),
  }),
});

const Label = builder.objectRef<LabelCount>('Label').implement({
  description: 'A label on tasks of the caller’s lists, with how many tasks (pending or completed) carry it.',
  fields: (t) => ({ label: t.exposeString('label'), count: t.exposeInt('count') }),
});

/** The caller's view of lists by id (null for one they are not in), a page's worth at a time. */
export const listViewLoader = batchLoader<bigint, ListView>(async (ctx, listIds) => {
  const memberships = await ctx.caller.db.listMember.findMany({
    where: { userId: ctx.caller.userId, listId: { in: listIds } },
    include: { list: true },
  });
  return new Map((await listViewsOf(ctx.caller.db, memberships)).map((view) => [BigInt(view.id), view]));
});

export const personLoader = batchLoader<string, PersonShape>((ctx, userIds) => readPeople(ctx.caller.db, userIds));

builder.queryField('labels', (t) =>
  t.field({
    type: [Label],
    description: 'Every label on the tasks of the caller’s lists, with counts, by label (as REST GET /labels).',
    resolve: (_root, _args, ctx) => listLabels(ctx.caller),
  }),
);

const CreateListInput = builder.inputType('CreateListInput', {
  fields: (t) => ({
    name: t.string({ required: true, description: "1 to 100 characters after trimming; unique among the caller's lists regardless of letter case" }),
    color: t.string({ description: '#rrggbb, or null for none' }),
  }),
});

const UpdateListInput = builder.inputType('UpdateListInput', {
  description: 'Fields left out stay as they are.',
  fields: (t) => ({
    id: t.id({ required: true }),
    name: t.string({ description: 'Owners only' }),
    color: t.string({ description: 'Owners and editors; null clears it' }),
    membersCanInvite: t.boolean({ description: 'Owners only: whether editors may invite too' }),
  }),
});

builder.queryFields((t) => ({
  lists: t.field({
    type: [List],
    description: "Every list the caller is a member of (their own and shared ones): the Inbox first, then by name.",
    resolve: (_root, _args, ctx) => listCallerLists(ctx.caller),
  }),
  list: t.field({
    type: List,
    nullable: true,
    description: 'One list the caller is a member of; NOT_FOUND for any other.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => getList(ctx.caller, parseTaskId(args.id)),
  }),
}));

builder.mutationFields((t) => ({
  createList: t.field({
    type: List,
    nullable: true,
    description: 'Makes a list the caller owns. CONFLICT for a name they already use or past 500 lists.',
    args: { input: t.arg({ type: CreateListInput, required: true }) },
    resolve: (_root, { input }, ctx) => createList(ctx.caller, { name: input.name, color: input.color }),
  }),
  updateList: t.field({
    type: List,
    nullable: true,
    description: 'Renames (owner), recolors (owner or editor) or lets editors invite (owner); FORBIDDEN when the role falls short.',
    args: { input: t.arg({ type: UpdateListInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      updateList(ctx.caller, parseTaskId(input.id), {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.membersCanInvite !== undefined ? { membersCanInvite: input.membersCanInvite } : {}),
      }),
  }),
  deleteList: t.field({
    type: 'Boolean',
    nullable: true,
    description: "Deletes a list and its tasks (owner only; each task's deletion reaches every member). The Inbox cannot be deleted (CONFLICT).",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await deleteList(ctx.caller, parseTaskId(args.id));
      return true;
    },
  }),
}));
