/** Where a pending task goes in the daily queue, in the browser's time zone. No DOM here (unit tested). */

export interface Dated {
  /** RFC 3339 instant, or null for an undated task. */
  dueAt: string | null;
}

export interface QueueGroups<T> {
  /** Due before now. */
  overdue: T[];
  /** Due later today, then undated tasks. */
  today: T[];
  /** Due on a later day. */
  upcoming: T[];
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function localDay(instant: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The wall-clock time of an instant in a time zone, as HH:MM (24 h). */
export function localTime(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.hour}:${parts.minute}`;
}

/**
 * Splits pending tasks into the queue's groups: overdue (due before now), today (due later on the
 * caller's today, then undated tasks, as the service's `today` query orders them) and upcoming (a
 * later day). Each group is by due time, earliest first; ties keep their given order.
 */
export function groupTasks<T extends Dated>(tasks: readonly T[], now: Date, timeZone: string): QueueGroups<T> {
  const today = localDay(now, timeZone);
  const groups: QueueGroups<T> = { overdue: [], today: [], upcoming: [] };
  const undated: T[] = [];
  const byDue = [...tasks].sort((a, b) => due(a) - due(b));
  for (const task of byDue) {
    if (task.dueAt === null) {
      undated.push(task);
      continue;
    }
    const at = new Date(task.dueAt);
    if (at.getTime() < now.getTime()) groups.overdue.push(task);
    else if (localDay(at, timeZone) <= today) groups.today.push(task);
    else groups.upcoming.push(task);
  }
  groups.today.push(...undated);
  return groups;
}

function due(task: Dated): number {
  return task.dueAt === null ? Number.POSITIVE_INFINITY : new Date(task.dueAt).getTime();
}

/**
 * The instant of a wall-clock date and time in a time zone (YYYY-MM-DD, HH:MM), as RFC 3339 UTC.
 * A time that does not exist (a spring-forward gap) moves forward by the gap, as clocks do.
 */
export function instantOf(date: string, time: string, timeZone: string): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wanted = Date.UTC(year, month - 1, day, hour, minute);
  // Guess with the offset at the wanted wall time read as UTC, then correct once for a changed offset.
  let guess = wanted - offsetMs(new Date(wanted), timeZone);
  guess = wanted - offsetMs(new Date(guess), timeZone);
  return new Date(guess).toISOString();
}

/** How far the zone's wall clock is ahead of UTC at an instant. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}
