import type { ServiceContext } from '../context.js';
import type { User } from '../generated/sqlite/client.js';

export type UserRecord = User;

/** The caller's user record (created on first sight by the transport, so it exists). */
export async function getUser(ctx: ServiceContext): Promise<UserRecord> {
  return ctx.db.user.upsert({ where: { id: ctx.userId }, create: { id: ctx.userId }, update: {} });
}
