import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';
import { formatUtc } from '../calendar/ics-writer.js';
import { isUtcThroughout, vtimezone } from '../calendar/vtimezone.js';
import type { IcsComponent } from '../calendar/ics-writer.js';
import { seriesWallClock } from '../tasks/occurrences.js';

/** How many years past a repeating task's due year its VTIMEZONE covers (its rules are seen to recur). */
const ZONE_LOOKAHEAD_YEARS = 8;

/** Where the IANA name sits in TZIDs that carry one inside (`/mozilla.org/20050126_1/Europe/Berlin`). */
const EMBEDDED_IANA = /((?:Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z0-9_+\-/]+)$/;

/** The IANA zone a TZID names, or null (a Windows name such as "W. Europe Standard Time", an invented one). */
export function ianaZoneOf(tzid: string | undefined): string | null {
  if (!tzid) return null;
  if (IANAZone.isValidZone(tzid)) return tzid;
  const embedded = EMBEDDED_IANA.exec(tzid)?.[1];
  return embedded && IANAZone.isValidZone(embedded) ? embedded : null;
}

const wallClock = (time: ICAL.Time) => ({ year: time.year, month: time.month, day: time.day, hour: time.hour, minute: time.minute, second: time.second });

/**
 * The instant a DATE-TIME value names: UTC (`Z`); in its TZID when that is an IANA zone (the runtime's
 * zone data, which is newer than a client's VTIMEZONE); by the document's own VTIMEZONE for any other
 * TZID; otherwise (floating, or an unknown TZID) in the user's zone.
 */
export function instantOf(time: ICAL.Time, tzid: string | undefined, zones: ReadonlyMap<string, ICAL.Timezone>, userZone: string): Date {
  if (time.zone?.tzid === 'UTC') return new Date(Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second));
  const iana = ianaZoneOf(tzid);
  if (iana) return DateTime.fromObject(wallClock(time), { zone: iana }).toJSDate();
  const zone = tzid === undefined ? undefined : zones.get(tzid);
  if (zone) {
    const placed = time.clone();
    placed.zone = zone;
    return new Date(placed.toUnixTime() * 1000);
  }
  return DateTime.fromObject(wallClock(time), { zone: userZone }).toJSDate();
}

/** An all-day task's due time: its date at `allDayTime` (HH:MM) in the user's zone. */
export function allDayInstant(time: ICAL.Time, allDayTime: string, userZone: string): Date {
  const [hour, minute] = allDayTime.split(':').map(Number);
  return DateTime.fromObject({ year: time.year, month: time.month, day: time.day, hour, minute }, { zone: userZone }).toJSDate();
}

/** Whether dueAt still reads as an all-day task's placement (its time is `allDayTime` in the user's zone). */
export function isAllDayPlacement(dueAt: Date, allDayTime: string, userZone: string): boolean {
  return DateTime.fromJSDate(dueAt, { zone: userZone }).toFormat('HH:mm') === allDayTime;
}

export interface DueWriting {
  /** Property lines for DUE (and DTSTART, for a repeating task), as written. */
  lines: string[];
  /** The VTIMEZONE the lines need, if any. */
  zone: IcsComponent | null;
}

/**
 * How a task's due time is written. All-day: a DATE. Otherwise in the user's zone with TZID (a
 * repeating task at its series' wall-clock time, so a daylight-saving gap does not move the series),
 * or in UTC for a user whose zone is UTC. A repeating task also gets DTSTART equal to DUE: RFC 5545
 * anchors the rule there, and each instance is then due at its own occurrence.
 */
export function writeDue(
  task: { dueAt: Date; dueLocal: string | null },
  options: { allDay: boolean; repeating: boolean; timeZone: string },
): DueWriting {
  const names = options.repeating ? ['DTSTART', 'DUE'] : ['DUE'];
  const local = DateTime.fromJSDate(task.dueAt, { zone: options.timeZone });
  if (options.allDay) return { lines: names.map((name) => `${name};VALUE=DATE:${local.toFormat('yyyyMMdd')}`), zone: null };
  const lastYear = local.year + (options.repeating ? ZONE_LOOKAHEAD_YEARS : 0);
  if (isUtcThroughout(options.timeZone, local.year, lastYear)) return { lines: names.map((name) => `${name}:${formatUtc(task.dueAt)}`), zone: null };
  const wall = options.repeating ? seriesWallClock(task, options.timeZone) : local.setZone('UTC', { keepLocalTime: true }).toJSDate();
  return {
    lines: names.map((name) => `${name};TZID=${options.timeZone}:${formatUtc(wall).slice(0, -1)}`),
    zone: vtimezone(options.timeZone, local.year, lastYear),
  };
}

/**
 * A rule as written beside a DATE-TIME DUE: a date-only UNTIL (which the service reads as that whole
 * local day) becomes the UTC instant the day ends, as RFC 5545 3.3.10 requires; beside an all-day DUE
 * it stays a date.
 */
export function writeRule(recurrence: string, allDay: boolean, timeZone: string): string {
  if (allDay) return recurrence;
  return recurrence.replace(/(^|;)UNTIL=(\d{4})(\d{2})(\d{2})(?=;|$)/, (_whole, lead: string, year: string, month: string, day: string) => {
    const end = DateTime.fromObject({ year: Number(year), month: Number(month), day: Number(day), hour: 23, minute: 59, second: 59 }, { zone: timeZone });
    return `${lead}UNTIL=${formatUtc(end.toJSDate())}`;
  });
}
