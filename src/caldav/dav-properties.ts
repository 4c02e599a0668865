import { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, caldav, clark, dav, type ClarkName } from './dav-namespaces.js';
import { objectEtag, renderCalendarObject, RENDERING_VERSION, type CalendarObject } from './calendar-objects.js';
import { createHash } from 'node:crypto';
import { collectionPath, homePath, objectPath, principalPath } from './dav-paths.js';
import type { CalendarCollection } from './list-collections.js';
import { encodeHref } from './multistatus.js';
import type { VtodoOptions } from './vtodo-mapping.js';
import type { ListRole } from '../lists/list-rights.js';
import { xmlNode, type XmlNode } from './xml-writer.js';

/** A property's content (child elements and text); null: the resource has no such property (404). */
export type PropertyValue = Array<XmlNode | string> | null;
export type PropertyMap = Map<ClarkName, () => PropertyValue | Promise<PropertyValue>>;

/** A resource as PROPFIND and REPORT answer it: its path and the properties it has. */
export interface DavNode {
  path: string;
  properties: PropertyMap;
}

/** Left out of allprop: costly to give for every resource (RFC 4791 9.6 asks for it by name). */
export const EXPENSIVE_PROPERTIES = new Set<ClarkName>([caldav('calendar-data')]);

/** The most a CalDAV request body may be (an iCalendar object, a REPORT); larger is 413. */
export const DAV_BODY_LIMIT_BYTES = 256 * 1024;
const OBJECT_CONTENT_TYPE = 'text/calendar; charset=utf-8; component=vtodo';
const REPORTS = [caldav('calendar-multiget'), caldav('calendar-query'), dav('sync-collection')];

/**
 * What each role may do to a collection, as WebDAV ACL privileges (RFC 3744 3): viewers read; editors
 * also write tasks (write-content, bind, unbind) and recolour (write-properties); owners have them all.
 */
const COLLECTION_PRIVILEGES: Record<ListRole, string[]> = {
  viewer: ['read', 'read-current-user-privilege-set'],
  editor: ['read', 'read-current-user-privilege-set', 'write-properties', 'write-content', 'bind', 'unbind'],
  owner: ['read', 'read-current-user-privilege-set', 'write', 'write-properties', 'write-content', 'bind', 'unbind', 'all'],
};

/** What an object of the collection allows: its collection's privileges, less binding and unbinding. */
const objectPrivileges = (role: ListRole) => COLLECTION_PRIVILEGES[role].filter((name) => name !== 'bind' && name !== 'unbind');

const href = (path: string): XmlNode[] => [xmlNode(dav('href'), encodeHref(path))];
const privileges = (...names: string[]): XmlNode[] => names.map((name) => xmlNode(dav('privilege'), [xmlNode(dav(name))]));
const httpDate = (instant: Date) => instant.toUTCString();

function common(userId: string, displayName: string, resourcetype: XmlNode[]): PropertyMap {
  return new Map<ClarkName, () => PropertyValue>([
    [dav('resourcetype'), () => resourcetype],
    [dav('displayname'), () => [displayName]],
    [dav('current-user-principal'), () => href(principalPath(userId))],
    [dav('owner'), () => href(principalPath(userId))],
  ]);
}

/** `/dav/` (and `/` for clients given the bare server URL): where a client learns its principal. */
export function rootNode(userId: string, path: string): DavNode {
  const properties = common(userId, 'Tickler', [xmlNode(dav('collection'))]);
  properties.set(dav('current-user-privilege-set'), () => privileges('read'));
  // Some clients ask the URL they were given for the home directly.
  properties.set(caldav('calendar-home-set'), () => href(homePath(userId)));
  return { path, properties };
}

export function principalNode(userId: string): DavNode {
  const properties = common(userId, userId, [xmlNode(dav('principal'))]);
  properties.set(dav('principal-URL'), () => href(principalPath(userId)));
  properties.set(caldav('calendar-home-set'), () => href(homePath(userId)));
  properties.set(dav('current-user-privilege-set'), () => privileges('read'));
  return { path: principalPath(userId), properties };
}

export function homeNode(userId: string): DavNode {
  const properties = common(userId, `${userId}'s lists`, [xmlNode(dav('collection'))]);
  // bind: the user may make lists here (MKCALENDAR); clients look for it before offering "New calendar".
  properties.set(dav('current-user-privilege-set'), () => privileges('read', 'bind', 'read-current-user-privilege-set'));
  return { path: homePath(userId), properties };
}

/** A calendar collection; its properties never read its objects (its sync token is read when asked). */
export function collectionNode(
  userId: string,
  collection: CalendarCollection,
  options: VtodoOptions,
  syncToken: () => Promise<string>,
): DavNode {
  // Every change of an object's text is a change of the list's number (the sync token), or of the
  // user's zone or the all-day time: getctag is a digest of those, read without reading the objects.
  let token: Promise<string> | undefined;
  const tokenOnce = () => (token ??= syncToken());
  const ctag = async () =>
    `"${createHash('sha256').update(JSON.stringify([RENDERING_VERSION, await tokenOnce(), options.timeZone, options.allDayTime])).digest('base64url').slice(0, 32)}"`;
  const properties = common(userId, collection.displayName, [xmlNode(dav('collection')), xmlNode(caldav('calendar'))]);
  properties.set(caldav('supported-calendar-component-set'), () => [xmlNode(caldav('comp'), undefined, { name: 'VTODO' })]);
  properties.set(caldav('supported-calendar-data'), () => [xmlNode(caldav('calendar-data'), undefined, { 'content-type': 'text/calendar', version: '2.0' })]);
  properties.set(caldav('max-resource-size'), () => [String(DAV_BODY_LIMIT_BYTES)]);
  properties.set(dav('supported-report-set'), () => REPORTS.map((report) => xmlNode(dav('supported-report'), [xmlNode(dav('report'), [xmlNode(report)])])));
  properties.set(dav('current-user-privilege-set'), () => privileges(...COLLECTION_PRIVILEGES[collection.role]));
  properties.set(dav('sync-token'), async () => [await tokenOnce()]);
  properties.set(clark(CALENDARSERVER_NS, 'getctag'), async () => [await ctag()]);
  properties.set(clark(APPLE_ICAL_NS, 'calendar-color'), () => (collection.color === null ? null : [`${collection.color.toUpperCase()}FF`]));
  return { path: collectionPath(userId, collection.id), properties };
}

/** One task as a calendar object resource. */
export function objectNode(userId: string, collection: CalendarCollection, entry: CalendarObject, options: VtodoOptions): DavNode {
  const properties = new Map<ClarkName, () => PropertyValue>([
    [dav('resourcetype'), () => []],
    [dav('getetag'), () => [objectEtag(entry, options)]],
    [dav('getcontenttype'), () => [OBJECT_CONTENT_TYPE]],
    [dav('getlastmodified'), () => [httpDate(entry.task.updatedAt)]],
    [dav('current-user-principal'), () => href(principalPath(userId))],
    [clark(CALDAV_NS, 'calendar-data'), () => [renderCalendarObject(entry, options)]],
    [dav('current-user-privilege-set'), () => privileges(...objectPrivileges(collection.role))],
  ]);
  return { path: objectPath(userId, collection.id, entry.name), properties };
}
