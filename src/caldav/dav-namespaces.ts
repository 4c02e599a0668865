/** The XML namespaces of WebDAV and CalDAV, and names in Clark notation (`{DAV:}prop`). */

export const DAV_NS = 'DAV:';
export const CALDAV_NS = 'urn:ietf:params:xml:ns:caldav';
export const CALENDARSERVER_NS = 'http://calendarserver.org/ns/';
export const APPLE_ICAL_NS = 'http://apple.com/ns/ical/';
/** Tickler's own elements in error bodies (the human-readable message). */
export const TICKLER_NS = 'urn:tickler:dav';

/** `{namespace}local-name` */
export type ClarkName = string;

export const clark = (ns: string, name: string): ClarkName => `{${ns}}${name}`;
export const dav = (name: string) => clark(DAV_NS, name);
export const caldav = (name: string) => clark(CALDAV_NS, name);
