import type { ServiceContext } from '../context.js';
import { invalidCapture } from './capture-errors.js';

// IANA names are letters, digits and _ + - in slash-separated parts ("America/Argentina/Buenos_Aires",
// "Etc/GMT+5", "UTC"); this shape alone already refuses offsets such as "+02:00" and abbreviations with spaces.
const IANA_SHAPE = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+){0,2}$/;

/** The canonical IANA name (e.g. "america/new_york" → "America/New_York"), or null when it is not one. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length > 64 || !IANA_SHAPE.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The zone a capture is read in: the one given, else the user's stored zone, else UTC. */
export async function resolveTimeZone(ctx: ServiceContext, given: string | undefined): Promise<string> {
  if (given !== undefined) {
    const zone = canonicalTimeZone(given);
    if (!zone) throw invalidCapture(`timeZone must be an IANA time zone name such as "Europe/Berlin", got "${given}"`);
    return zone;
  }
  const user = await ctx.db.user.findUnique({ where: { id: ctx.userId }, select: { timeZone: true } });
  const stored = user ? canonicalTimeZone(user.timeZone) : null;
  if (user && !stored) ctx.logger.warn({ timeZone: user.timeZone }, 'stored time zone is not an IANA name; using UTC');
  return stored ?? 'UTC';
}
