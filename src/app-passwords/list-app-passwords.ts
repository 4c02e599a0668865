import type { ServiceContext } from '../context.js';
import type { AppPasswordRecord } from './app-password-view.js';

/** The caller's app passwords, oldest first. */
export async function listAppPasswords(ctx: ServiceContext): Promise<AppPasswordRecord[]> {
  return ctx.db.appPassword.findMany({ where: { userId: ctx.userId }, orderBy: { id: 'asc' } });
}
