import type { ServiceContext } from '../context.js';
import { AppError } from '../errors.js';
import { ensureInbox } from './ensure-inbox.js';
import { LISTS_PER_USER_MAX, validateListColor, validateListName } from './list-input.js';
import { listNameKey } from './list-view.js';
import { listViewsOf, type ListView } from './list-views.js';

export interface NewListInput {
  name: unknown;
  color?: unknown;
}

export const listNameTaken = () => new AppError('lists/conflict', 409, 'You already have a list of that name (names are compared regardless of letter case)');

/**
 * Makes a list of the caller's, with them as its owner member. Names are unique per owner regardless
 * of letter case (409); an owner has at most 500 lists, their Inbox included.
 */
export async function createList(ctx: ServiceContext, input: NewListInput): Promise<ListView> {
  const name = validateListName(input.name);
  const color = validateListColor(input.color);
  const now = ctx.clock.now();
  // The Inbox first, so a first list never takes its name.
  await ensureInbox(ctx.db, ctx.userId, now);
  const list = await ctx.db.$transaction(async (tx) => {
    if ((await tx.list.count({ where: { ownerId: ctx.userId } })) >= LISTS_PER_USER_MAX) {
      throw new AppError('lists/too_many', 409, `A user owns at most ${LISTS_PER_USER_MAX} lists (their Inbox included)`);
    }
    const nameKey = listNameKey(name);
    if (await tx.list.findUnique({ where: { ownerId_nameKey: { ownerId: ctx.userId, nameKey } }, select: { id: true } })) throw listNameTaken();
    const created = await tx.list.create({ data: { ownerId: ctx.userId, name, nameKey, color, createdAt: now, updatedAt: now } });
    await tx.listMember.create({ data: { listId: created.id, userId: ctx.userId, role: 'owner', joinedAt: now } });
    return created;
  }).catch(async (error: unknown) => {
    // Two creates of one name at once: the unique index refuses the second.
    if (await ctx.db.list.findUnique({ where: { ownerId_nameKey: { ownerId: ctx.userId, nameKey: listNameKey(name) } }, select: { id: true } })) {
      if (!(error instanceof AppError)) throw listNameTaken();
    }
    throw error;
  });
  return (await listViewsOf(ctx.db, [{ list, role: 'owner' }]))[0]!;
}
