import { DateTime } from 'luxon';
import type { ServiceContext } from '../context.js';
import { getUser } from '../users/get-user.js';
import { validateTimeZone } from '../users/time-zone.js';
import { listTaskPage, type TaskPage } from './list-task-page.js';

export interface TodayOptions {
  /** Overrides the caller's stored time zone for this call. */
  timeZone?: string | undefined;
  first?: number | undefined;
  after?: string | undefined;
}

export interface TodayPage extends TaskPage {
  timeZone: string;
  /** The first instant of the next day in that zone: everything due before it is in the queue. */
  dayEnd: Date;
}

/**
 * The daily queue: the caller's pending tasks that are overdue or due before the end of today in the
 * caller's time zone (or the one given), by due time, then the undated ones.
 */
export async function listToday(ctx: ServiceContext, options: TodayOptions = {}): Promise<TodayPage> {
  const timeZone =
    options.timeZone !== undefined ? validateTimeZone(options.timeZone) : validateTimeZone((await getUser(ctx)).timeZone);
  const dayEnd = DateTime.fromJSDate(ctx.clock.now(), { zone: timeZone }).startOf('day').plus({ days: 1 }).toJSDate();
  const page = await listTaskPage(ctx, {
    filter: { status: 'pending', dueBefore: dayEnd, includeUndated: true },
    orderBy: 'QUEUE',
    first: options.first,
    after: options.after,
  });
  return { ...page, timeZone, dayEnd };
}
