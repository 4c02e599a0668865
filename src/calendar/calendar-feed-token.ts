import type { ServiceContext } from '../context.js';
import { hashSecret, newSecretToken } from '../auth/secret-token.js';

export interface CalendarFeedLink {
  url: string;
}

/**
 * Turns the caller's calendar feed on, or rotates it: a new secret URL (256 random bits) whose token is
 * stored only as its SHA-256. The previous URL stops working at once (one feed per user).
 */
export async function createCalendarFeed(ctx: ServiceContext): Promise<CalendarFeedLink> {
  const token = newSecretToken();
  const data = { tokenHash: hashSecret(token), createdAt: ctx.clock.now() };
  await ctx.db.calendarFeed.upsert({ where: { userId: ctx.userId }, create: { userId: ctx.userId, ...data }, update: data });
  return { url: `${ctx.publicUrl ?? ''}/calendar/${token}.ics` };
}

/** Turns the caller's calendar feed off; true when there was one. */
export async function deleteCalendarFeed(ctx: ServiceContext): Promise<boolean> {
  const { count } = await ctx.db.calendarFeed.deleteMany({ where: { userId: ctx.userId } });
  return count > 0;
}
