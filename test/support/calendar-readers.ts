import { execFileSync } from 'node:child_process';
import ICAL from 'ical.js';
import ical from 'node-ical';

/*
 * Three independent readers of an iCalendar feed, each expanding a repeating component as a calendar
 * app would: ical.js (Mozilla's, libical's lineage), node-ical (rrule-temporal under it) and
 * python-dateutil (the rule engine of Python's icalendar tools) with the standard library's zoneinfo.
 * Each answers the first `limit` occurrences of the component with that UID, as ISO instants.
 */

export type FeedComponent = 'vevent' | 'vtodo';

function componentOf(text: string, uid: string, kind: FeedComponent): ICAL.Component {
  const found = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents(kind).find((c) => c.getFirstPropertyValue('uid') === uid);
  if (!found) throw new Error(`no ${kind} with UID ${uid} in the feed`);
  return found;
}

/** ical.js: ICAL.Event's iterator, and for a VTODO the RecurExpansion under it (from DTSTART). */
export function expandWithIcalJs(text: string, uid: string, kind: FeedComponent, limit: number): string[] {
  const component = componentOf(text, uid, kind);
  const iterator =
    kind === 'vevent'
      ? new ICAL.Event(component).iterator()
      : new ICAL.RecurExpansion({ component, dtstart: component.getFirstPropertyValue('dtstart') as ICAL.Time });
  const found: string[] = [];
  for (let next = iterator.next(); next && found.length < limit; next = iterator.next()) found.push(next.toJSDate().toISOString());
  return found;
}

/** node-ical: parseICS, then its own expandRecurringEvent over the years given. */
export function expandWithNodeIcal(text: string, uid: string, limit: number, from: Date, to: Date): string[] {
  const parsed = ical.sync.parseICS(text);
  const component = Object.values(parsed).find((entry) => (entry as { uid?: string }).uid === uid);
  if (!component) throw new Error(`node-ical found no component with UID ${uid}`);
  return ical
    .expandRecurringEvent(component as ical.VEvent, { from, to })
    .map((instance) => instance.start.toISOString())
    .slice(0, limit);
}

/** DTSTART (its local value and TZID, or UTC) and RRULE of a component, as the feed wrote them. */
export function ruleOf(text: string, uid: string, kind: FeedComponent): { start: string; zone: string | null; rule: string } {
  const component = componentOf(text, uid, kind);
  const dtstart = component.getFirstProperty('dtstart');
  if (!dtstart) throw new Error(`the ${kind} ${uid} has no DTSTART`);
  const start = dtstart.getFirstValue() as ICAL.Time;
  const zone = (dtstart.getParameter('tzid') as string | undefined) ?? null;
  return { start: start.toString().replace(/Z$/, '+00:00'), zone, rule: (component.getFirstPropertyValue('rrule') as ICAL.Recur).toString() };
}

const DATEUTIL = `
import json, sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo
from dateutil.rrule import rrulestr
answers = []
for job in json.load(sys.stdin):
    start = datetime.fromisoformat(job["start"])
    if job["zone"]:
        start = start.replace(tzinfo=ZoneInfo(job["zone"]))
    found = []
    for occurrence in rrulestr(job["rule"], dtstart=start):
        if len(found) >= job["limit"]:
            break
        found.append(occurrence.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z"))
    answers.append(found)
print(json.dumps(answers))
`;

/**
 * python-dateutil's reading of the feed's DTSTART and RRULE: wall-clock arithmetic in the zone, each
 * occurrence placed by zoneinfo (a time in a gap with the offset before it, a repeated one the first).
 * Debian's python3 and python3-dateutil (.ci/run installs it).
 */
export function expandWithDateutil(text: string, uid: string, kind: FeedComponent, limit: number): string[] {
  const job = { ...ruleOf(text, uid, kind), limit };
  const output = execFileSync('/usr/bin/python3', ['-c', DATEUTIL], { input: JSON.stringify([job]), timeout: 30_000, encoding: 'utf8' });
  return (JSON.parse(output) as string[][])[0]!;
}
