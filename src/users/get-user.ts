import type { ServiceContext } from '../context.js';
import type { User } from '../generated/sqlite/client.js';

export type UserRecord = User;

/** The caller's user record; transports create it on first sight, so the upsert is only a fallback. */
export async function getUser(ctx: ServiceContext): Promise<UserRecord> {
  return (
    (await ctx.db.user.findUnique({ where: { id: ctx.userId } })) ??
    ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId }, update: {} })
  );
}
