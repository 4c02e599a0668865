import type { ServiceContext } from '../context.js';
import type { UserRecord } from './get-user.js';
import { validateTimeZone } from './time-zone.js';

/** Sets the caller's time zone (an IANA name, stored canonically); it decides what "today" means. */
export async function setTimeZone(ctx: ServiceContext, timeZone: string): Promise<UserRecord> {
  const zone = validateTimeZone(timeZone);
  return ctx.db.user.upsert({
    where: { id: ctx.userId },
    create: { id: ctx.userId, timeZone: zone },
    update: { timeZone: zone },
  });
}
