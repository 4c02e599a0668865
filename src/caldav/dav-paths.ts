/*
 * The URL space of /dav/ (paths unencoded here; hrefs are encoded when written):
 *   /dav/                                      the root (discovery starts here)
 *   /dav/principals/<user>/                    the user's principal
 *   /dav/calendars/<user>/                     the calendar home: one collection per list
 *   /dav/calendars/<user>/<collection>/        a calendar collection (VTODO)
 *   /dav/calendars/<user>/<collection>/<name>  one task as an iCalendar object (`<uid>.ics`)
 */

export const DAV_ROOT = '/dav/';

export type DavResource =
  | { kind: 'root' }
  | { kind: 'principal'; userId: string }
  | { kind: 'home'; userId: string }
  | { kind: 'collection'; userId: string; collection: string }
  | { kind: 'object'; userId: string; collection: string; name: string };

export const principalPath = (userId: string) => `/dav/principals/${userId}/`;
export const homePath = (userId: string) => `/dav/calendars/${userId}/`;
export const collectionPath = (userId: string, collection: string) => `/dav/calendars/${userId}/${collection}/`;
export const objectPath = (userId: string, collection: string, name: string) => `/dav/calendars/${userId}/${collection}/${name}`;

export function pathOf(resource: DavResource): string {
  switch (resource.kind) {
    case 'root':
      return DAV_ROOT;
    case 'principal':
      return principalPath(resource.userId);
    case 'home':
      return homePath(resource.userId);
    case 'collection':
      return collectionPath(resource.userId, resource.collection);
    case 'object':
      return objectPath(resource.userId, resource.collection, resource.name);
  }
}

/**
 * The resource a request path names, or null when it names none. Segments are percent-decoded; a
 * collection may be named with or without its trailing slash (clients differ), an object never has one.
 */
export function parseDavPath(url: string): DavResource | null {
  const path = url.split('?')[0]!;
  if (path !== '/dav' && !path.startsWith('/dav/')) return null;
  let segments: string[];
  try {
    segments = path.slice(4).split('/').map(decodeURIComponent);
  } catch {
    return null;
  }
  const trailingSlash = segments.length > 1 && segments.at(-1) === '';
  const parts = segments.filter((segment, index) => index > 0 && !(index === segments.length - 1 && segment === ''));
  if (parts.some((part) => part === '' || part === '.' || part === '..')) return null;
  const [area, userId, collection, name] = parts;
  if (parts.length === 0) return { kind: 'root' };
  if (area === 'principals' && parts.length === 2) return { kind: 'principal', userId: userId! };
  if (area !== 'calendars') return null;
  if (parts.length === 2) return { kind: 'home', userId: userId! };
  if (parts.length === 3) return { kind: 'collection', userId: userId!, collection: collection! };
  if (parts.length === 4 && !trailingSlash) return { kind: 'object', userId: userId!, collection: collection!, name: name! };
  return null;
}
