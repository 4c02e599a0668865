import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { davError } from './dav-errors.js';
import { caldav } from './dav-namespaces.js';
import { childElement, childElements, type XmlElement } from './dav-xml.js';
import { instantOf } from './vtodo-times.js';

/*
 * CALDAV:filter (RFC 4791 9.7) evaluated on a calendar object: comp-filter, prop-filter, param-filter,
 * is-not-defined, text-match and time-range, including the VTODO rules of 9.9 and, for a repeating
 * task, any of its occurrences.
 */

interface Range {
  start: number;
  end: number;
}

/** Occurrences of a repeating task looked at before a time-range is given up on. */
const MAX_OCCURRENCES = 2000;

const invalidFilter = (message: string) => davError(400, 'caldav/invalid', message, caldav('valid-filter'));

function readInstant(text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text.trim());
  if (!m) throw invalidFilter(`time-range needs UTC date-times such as 20261124T000000Z, got "${text.slice(0, 40)}"`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function readRange(element: XmlElement): Range {
  const range = { start: readInstant(element.attrs['{}start'], -Infinity), end: readInstant(element.attrs['{}end'], Infinity) };
  if (range.start === -Infinity && range.end === Infinity) throw invalidFilter('time-range needs a start or an end');
  return range;
}

/** Reads times of one object in the user's zone; DATE values start at that day's midnight there. */
function timeReader(calendar: ICAL.Component, timeZone: string) {
  const zones = new Map<string, ICAL.Timezone>();
  for (const zone of calendar.getAllSubcomponents('vtimezone')) {
    const tzid = zone.getFirstPropertyValue('tzid');
    if (typeof tzid === 'string') zones.set(tzid, new ICAL.Timezone(zone));
  }
  return (time: ICAL.Time, tzid: string | undefined): number =>
    time.isDate ? DateTime.fromObject({ year: time.year, month: time.month, day: time.day }, { zone: timeZone }).toMillis() : instantOf(time, tzid, zones, timeZone).getTime();
}

type ReadTime = ReturnType<typeof timeReader>;

function propertyInstant(component: ICAL.Component, name: string, read: ReadTime): number | null {
  const property = component.getFirstProperty(name);
  if (!property) return null;
  const value = property.getFirstValue();
  return value instanceof ICAL.Time ? read(value, property.getParameter('tzid') as string | undefined) : null;
}

/** RFC 4791 9.9 for one instance of a VTODO (start, due, completed, created as instants or null). */
function todoOverlaps(t: { start: number | null; duration: number | null; due: number | null; completed: number | null; created: number | null }, r: Range): boolean {
  const { start, duration, due, completed, created } = t;
  if (start !== null && duration !== null) return r.start <= start + duration && (r.end > start || r.end >= start + duration);
  if (start !== null && due !== null) return (r.start < due || r.start <= start) && (r.end > start || r.end >= due);
  if (start !== null) return r.start <= start && r.end > start;
  if (due !== null) return r.start < due && r.end >= due;
  if (completed !== null && created !== null) return (r.start <= created || r.start <= completed) && (r.end >= created || r.end >= completed);
  if (completed !== null) return r.start <= completed && r.end >= completed;
  if (created !== null) return r.end > created;
  return true;
}

function todoInRange(todo: ICAL.Component, range: Range, read: ReadTime): boolean {
  const start = propertyInstant(todo, 'dtstart', read);
  const due = propertyInstant(todo, 'due', read);
  const durationValue = todo.getFirstPropertyValue('duration');
  const duration = durationValue instanceof ICAL.Duration ? durationValue.toSeconds() * 1000 : null;
  const fixed = { completed: propertyInstant(todo, 'completed', read), created: propertyInstant(todo, 'created', read) };
  const rule = todo.getFirstPropertyValue('rrule');
  const anchorName = todo.hasProperty('dtstart') ? 'dtstart' : 'due';
  const anchor = todo.getFirstProperty(anchorName);
  if (!(rule instanceof ICAL.Recur) || !anchor) return todoOverlaps({ start, duration, due, ...fixed }, range);
  // Each occurrence keeps the distance between DTSTART and DUE.
  const first = read(anchor.getFirstValue() as ICAL.Time, anchor.getParameter('tzid') as string | undefined);
  const iterator = rule.iterator(anchor.getFirstValue() as ICAL.Time);
  const tzid = anchor.getParameter('tzid') as string | undefined;
  for (let i = 0; i < MAX_OCCURRENCES; i += 1) {
    const next = iterator.next();
    if (!next) return false;
    const at = read(next, tzid);
    const shift = at - first;
    const instance = { start: start === null ? null : start + shift, duration, due: due === null ? null : due + shift, ...fixed };
    if (todoOverlaps(instance, range)) return true;
    if (at > range.end) return false;
  }
  return false;
}

function textMatches(values: string[], match: XmlElement): boolean {
  const collation = match.attrs['{}collation'] ?? 'i;ascii-casemap';
  const exact = collation === 'i;octet';
  const needle = exact ? match.text : match.text.toLowerCase();
  const found = values.some((value) => (exact ? value : value.toLowerCase()).includes(needle));
  return match.attrs['{}negate-condition'] === 'yes' ? !found : found;
}

function propertyStrings(property: ICAL.Property): string[] {
  return property.getValues().map((value) => String(value));
}

function propFilterMatches(component: ICAL.Component, filter: XmlElement, read: ReadTime): boolean {
  const name = (filter.attrs['{}name'] ?? '').toLowerCase();
  const properties = component.getAllProperties(name);
  if (childElement(filter, caldav('is-not-defined'))) return properties.length === 0;
  if (properties.length === 0) return false;
  const range = childElement(filter, caldav('time-range'));
  const text = childElement(filter, caldav('text-match'));
  const params = childElements(filter, caldav('param-filter'));
  return properties.some((property) => {
    if (range) {
      const value = property.getFirstValue();
      if (!(value instanceof ICAL.Time)) return false;
      const at = read(value, property.getParameter('tzid') as string | undefined);
      const r = readRange(range);
      if (!(at >= r.start && at < r.end)) return false;
    }
    if (text && !textMatches(propertyStrings(property), text)) return false;
    return params.every((param) => {
      const value = property.getParameter((param.attrs['{}name'] ?? '').toLowerCase());
      if (childElement(param, caldav('is-not-defined'))) return value === undefined || value === null;
      if (value === undefined || value === null) return false;
      const paramText = childElement(param, caldav('text-match'));
      return paramText ? textMatches([String(value)], paramText) : true;
    });
  });
}

/** Whether a component (the candidate) satisfies a comp-filter's tests below its name. */
function componentMatches(component: ICAL.Component, filter: XmlElement, read: ReadTime): boolean {
  const range = childElement(filter, caldav('time-range'));
  if (range && component.name === 'vtodo' && !todoInRange(component, readRange(range), read)) return false;
  if (childElements(filter, caldav('prop-filter')).some((prop) => !propFilterMatches(component, prop, read))) return false;
  return childElements(filter, caldav('comp-filter')).every((child) => compFilterMatches(component, child, read));
}

function compFilterMatches(parent: ICAL.Component, filter: XmlElement, read: ReadTime): boolean {
  const name = (filter.attrs['{}name'] ?? '').toLowerCase();
  const candidates = parent.getAllSubcomponents(name);
  if (childElement(filter, caldav('is-not-defined'))) return candidates.length === 0;
  return candidates.some((candidate) => componentMatches(candidate, filter, read));
}

/** Whether a calendar object (one VCALENDAR) passes a calendar-query's filter; no filter passes all. */
export function matchesCalendarFilter(calendar: ICAL.Component, filter: XmlElement | undefined, timeZone: string): boolean {
  if (filter === undefined) return true;
  const top = childElements(filter, caldav('comp-filter'));
  if (top.length !== 1 || (top[0]!.attrs['{}name'] ?? '').toUpperCase() !== 'VCALENDAR') {
    throw invalidFilter('A calendar-query filter holds one comp-filter named VCALENDAR');
  }
  const read = timeReader(calendar, timeZone);
  if (childElement(top[0], caldav('is-not-defined'))) return false;
  return componentMatches(calendar, top[0]!, read);
}
