const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(\.\d+)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/**
 * The instants both databases store and read back exactly: years 0001 to 9999 in UTC. PostgreSQL
 * itself goes further, but Prisma's pg adapter writes year 0 as a date PostgreSQL refuses and reads
 * years past 9999 and BC dates back as Invalid Date; RFC 3339 has four-digit years anyway.
 */
export const EARLIEST_INSTANT = new Date('0001-01-01T00:00:00.000Z');
export const LATEST_INSTANT = new Date('9999-12-31T23:59:59.999Z');

/** True when `instant` is a valid Date inside EARLIEST_INSTANT..LATEST_INSTANT. */
export function isStorableInstant(instant: Date): boolean {
  const ms = instant.getTime();
  return ms >= EARLIEST_INSTANT.getTime() && ms <= LATEST_INSTANT.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses an RFC 3339 date-time with `Z` or a numeric offset into an instant; null when the text is
 * not one, names an impossible date (Feb 30, hour 24, ...) or an instant outside the storable range
 * (an offset can push 0001-01-01 or 9999-12-31 past it). Fractions beyond milliseconds are cut.
 */
export function parseInstant(text: string): Date | null {
  const m = RFC3339.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (!m[8]) {
    const offsetHours = Number(m[10]);
    const offsetMins = Number(m[11]);
    if (offsetHours > 23 || offsetMins > 59) return null;
    offsetMinutes = (m[9] === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const millis = m[7] ? Number(m[7].slice(1, 4).padEnd(3, '0')) : 0;
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis) - offsetMinutes * 60_000;
  const instant = new Date(utc);
  // Date.UTC maps years 0-99 to 1900-1999; set the full year explicitly.
  if (year < 100) instant.setUTCFullYear(instant.getUTCFullYear() - 1900);
  return isStorableInstant(instant) ? instant : null;
}
