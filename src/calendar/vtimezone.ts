import { DateTime } from 'luxon';
import type { IcsComponent, IcsProperty } from './ics-writer.js';

/*
 * A VTIMEZONE (RFC 5545 3.6.5) for an IANA zone, built from the offsets the runtime's time-zone data
 * (Intl, through luxon) gives over a range of years. Each change of offset found in the range becomes
 * an onset of a STANDARD or DAYLIGHT observance. A series of changes that recurs every year up to the
 * range's end on the same rule (the same month, local time and "n-th/last weekday" or day of month, as
 * the tz database's own rules are), for at least MIN_RULE_YEARS years, is written once with a yearly
 * RRULE, so it keeps holding after the range; any other change is an observance of its own. After the
 * range the last listed offset holds.
 */

/** A change of UTC offset: at `at` (ms), from `from` to `to` minutes east of UTC. */
interface Transition {
  at: number;
  from: number;
  to: number;
}

/**
 * A yearly rule is written only when it held this many years in a row: by then the month's first day
 * has fallen on (nearly) every weekday, which tells "first Sunday" from "first Sunday on or after the
 * 2nd" and "last" from "fourth".
 */
const MIN_RULE_YEARS = 7;
const DAY_MS = 86_400_000;
const STEP_MS = 7 * DAY_MS;
const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/UCT', 'Etc/GMT', 'Etc/Universal', 'Etc/Zulu', 'GMT', 'UCT', 'Universal', 'Zulu']);

const offsetAt = (zone: string, ms: number) => DateTime.fromMillis(ms, { zone }).offset;

/** Per zone and year, the year's transitions (found once per process: each offset costs an Intl call). */
const transitionsByZoneYear = new Map<string, Transition[]>();
const MAX_CACHED = 5_000;

function transitionsInYear(zone: string, year: number): Transition[] {
  const key = `${zone}|${year}`;
  const cached = transitionsByZoneYear.get(key);
  if (cached) return cached;
  const end = Date.UTC(year + 1, 0, 1);
  const found: Transition[] = [];
  let cursor = Date.UTC(year, 0, 1);
  let current = offsetAt(zone, cursor);
  while (cursor < end) {
    const step = Math.min(cursor + STEP_MS, end);
    if (offsetAt(zone, step) === current) {
      cursor = step;
      continue;
    }
    // offset(lo) is current, offset(hi) is not: narrow down to the second.
    let lo = cursor;
    let hi = step;
    while (hi - lo > 1_000) {
      const mid = lo + Math.floor((hi - lo) / 2_000) * 1_000;
      if (offsetAt(zone, mid) === current) lo = mid;
      else hi = mid;
    }
    const to = offsetAt(zone, hi);
    found.push({ at: hi, from: current, to });
    current = to;
    cursor = hi;
  }
  if (transitionsByZoneYear.size >= MAX_CACHED) transitionsByZoneYear.clear();
  transitionsByZoneYear.set(key, found);
  return found;
}

/** Whether the zone is UTC in every year of the range (no VTIMEZONE needed: times are written in UTC). */
export function isUtcThroughout(zone: string, fromYear: number, toYear: number): boolean {
  if (UTC_NAMES.has(zone)) return true;
  if (offsetAt(zone, Date.UTC(fromYear, 0, 1)) !== 0) return false;
  for (let year = fromYear; year <= toYear; year += 1) if (transitionsInYear(zone, year).length > 0) return false;
  return true;
}

/** ±HHMM. */
function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** A wall-clock time in the given offset, as a local DATE-TIME: 20260329T020000. */
function formatLocal(at: number, offsetMinutes: number): string {
  return new Date(at + offsetMinutes * 60_000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, '');
}

/** The zone's abbreviation at an instant (CET, EDT) when the runtime knows one; not "GMT+2". */
function abbreviation(zone: string, at: number): string | undefined {
  const instant = DateTime.fromMillis(at, { zone });
  for (const locale of ['en-US', 'en-GB']) {
    const name = instant.setLocale(locale).offsetNameShort;
    if (name && !/^(GMT|UTC)[+-]/.test(name)) return name;
  }
  return undefined;
}

interface Onset extends Transition {
  kind: 'STANDARD' | 'DAYLIGHT';
  name: string | undefined;
  /** The onset's wall-clock time before the change, as UTC fields. */
  local: Date;
}

/** The yearly rules an onset fits: "2SU", "-1SU" (BYDAY) or "D21" (BYMONTHDAY), most likely first. */
function rulesOf(local: Date): string[] {
  const day = local.getUTCDate();
  const weekday = WEEKDAYS[(local.getUTCDay() + 6) % 7]!;
  const daysInMonth = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = Math.ceil(day / 7);
  const fromEnd = Math.floor((daysInMonth - day) / 7) + 1;
  // The tz database's rules are "first/second/third weekday on or after", "last weekday" or a fixed day.
  const rules = nth <= 3 ? [`${nth}${weekday}`] : [];
  if (fromEnd === 1) rules.push(`-1${weekday}`);
  if (nth > 3) rules.push(`${nth}${weekday}`);
  rules.push(`D${day}`);
  return rules;
}

function ruleText(rule: string, month: number): string {
  return rule.startsWith('D')
    ? `FREQ=YEARLY;BYMONTH=${month};BYMONTHDAY=${rule.slice(1)}`
    : `FREQ=YEARLY;BYMONTH=${month};BYDAY=${rule}`;
}

function observance(onset: Onset, extra: IcsProperty[]): IcsComponent {
  return {
    name: onset.kind,
    properties: [
      ['DTSTART', formatLocal(onset.at, onset.from)],
      ['TZOFFSETFROM', formatOffset(onset.from)],
      ['TZOFFSETTO', formatOffset(onset.to)],
      ...(onset.name ? ([['TZNAME', onset.name]] as IcsProperty[]) : []),
      ...extra,
    ],
  };
}

/**
 * The VTIMEZONE for `zone` over the years `fromYear` to `toYear`: the offset in force on 1 January of
 * `fromYear`, then every change in the range (yearly rules as RRULEs, each other change as an
 * observance of its own). The range should end some years after the last time written with it, so
 * that a rule is seen to recur.
 */
export function vtimezone(zone: string, fromYear: number, toYear: number): IcsComponent {
  const key = `${zone}|${fromYear}|${toYear}`;
  let built = builtZones.get(key);
  if (!built) {
    if (builtZones.size >= MAX_CACHED) builtZones.clear();
    built = buildVtimezone(zone, fromYear, toYear);
    builtZones.set(key, built);
  }
  return built;
}

/** Built VTIMEZONEs by zone and range (a feed is read every 15 minutes by every subscribed app). */
const builtZones = new Map<string, IcsComponent>();

function buildVtimezone(zone: string, fromYear: number, toYear: number): IcsComponent {
  // The offset in force at local midnight on 1 January of the first year.
  const start = Date.UTC(fromYear, 0, 1) - offsetAt(zone, Date.UTC(fromYear, 0, 1)) * 60_000;
  const startOffset = offsetAt(zone, start);
  const startInDst = DateTime.fromMillis(start, { zone }).isInDST;
  const components: IcsComponent[] = [
    observance(
      { at: start, from: startOffset, to: startOffset, kind: startInDst ? 'DAYLIGHT' : 'STANDARD', name: abbreviation(zone, start), local: new Date(start) },
      [],
    ),
  ];

  const onsets: Onset[] = [];
  for (let year = fromYear; year <= toYear; year += 1) {
    for (const transition of transitionsInYear(zone, year)) {
      onsets.push({
        ...transition,
        kind: DateTime.fromMillis(transition.at, { zone }).isInDST ? 'DAYLIGHT' : 'STANDARD',
        name: abbreviation(zone, transition.at),
        local: new Date(transition.at + transition.from * 60_000),
      });
    }
  }

  // Onsets of one observance (kind, offsets, name) at one month and local time of day may follow a yearly rule.
  const series = new Map<string, Onset[]>();
  for (const onset of onsets) {
    const time = onset.local.toISOString().slice(11, 19);
    const key = [onset.kind, onset.from, onset.to, onset.name ?? '', onset.local.getUTCMonth(), time].join('|');
    series.set(key, [...(series.get(key) ?? []), onset]);
  }
  const listed: Onset[] = [];
  for (const members of series.values()) {
    // The longest run of consecutive years up to the range's last year that one rule describes.
    let first = members.length;
    let rules: string[] = [];
    for (let i = members.length - 1; i >= 0; i -= 1) {
      const year = members[i]!.local.getUTCFullYear();
      const expected = i === members.length - 1 ? toYear : members[i + 1]!.local.getUTCFullYear() - 1;
      if (year !== expected) break;
      const fits = rulesOf(members[i]!.local);
      const common = i === members.length - 1 ? fits : rules.filter((rule) => fits.includes(rule));
      if (common.length === 0) break;
      rules = common;
      first = i;
    }
    const recurring = members.length - first >= MIN_RULE_YEARS ? members.slice(first) : [];
    if (recurring.length > 0) {
      components.push(observance(recurring[0]!, [['RRULE', ruleText(rules[0]!, recurring[0]!.local.getUTCMonth() + 1)]]));
    }
    listed.push(...members.slice(0, members.length - recurring.length));
  }
  // One observance per other change (not RDATE lists: ical.js, for one, reads only an RDATE's first value).
  for (const onset of listed.sort((a, b) => a.at - b.at)) components.push(observance(onset, []));

  return { name: 'VTIMEZONE', properties: [['TZID', zone]], components };
}
