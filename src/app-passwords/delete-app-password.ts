import type { ServiceContext } from '../context.js';
import type { Db } from '../db/database.js';
import { appPasswordNotFound } from './app-password-errors.js';

/**
 * Revokes one of the caller's app passwords: the next request with it is refused on every instance
 * (each request reads the row; see authenticate-app-password.ts). Another user's is not found.
 */
export async function deleteAppPassword(ctx: ServiceContext, id: bigint): Promise<void> {
  const { count } = await ctx.db.appPassword.deleteMany({ where: { id, userId: ctx.userId } });
  if (count === 0) throw appPasswordNotFound();
  ctx.logger.info({ appPasswordId: Number(id) }, 'app password deleted');
}

/** Revokes every app password of a user (signing out everywhere); answers how many there were. */
export async function deleteUserAppPasswords(db: Db, userId: string): Promise<number> {
  return (await db.appPassword.deleteMany({ where: { userId } })).count;
}
