import type { ServiceContext } from '../context.js';
import { requireList } from './list-access.js';
import { listViewsOf, type ListView } from './list-views.js';

/** One list the caller is a member of; any other is a 404, like a missing one. */
export async function getList(ctx: ServiceContext, listId: bigint): Promise<ListView> {
  const { list, role } = await requireList(ctx.db, ctx.userId, listId, 'read');
  return (await listViewsOf(ctx.db, [{ list, role }]))[0]!;
}
