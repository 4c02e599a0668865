import ICAL from 'ical.js';
import { listCalendarObjects, renderCalendarObject, type CalendarObject } from './calendar-objects.js';
import { matchesCalendarFilter } from './calendar-query.js';
import { davError, davNotFound } from './dav-errors.js';
import { caldav, dav } from './dav-namespaces.js';
import { objectNode } from './dav-properties.js';
import { parseDavPath } from './dav-paths.js';
import { readReport } from './dav-requests.js';
import { parseDavXml } from './dav-xml.js';
import type { DavHandlerDeps, DavRequest } from './dav-request.js';
import { findCollection, type CalendarCollection } from './list-collections.js';
import { writeMultistatus, type MultistatusEntry } from './multistatus.js';
import { propstatsOf, vtodoOptionsOf } from './propfind.js';
import { syncCollection } from './sync-collection.js';

/** The path of an href as clients send it: absolute (`https://host/dav/…`) or a path, percent-encoded. */
function hrefPath(href: string): string {
  try {
    return new URL(href, 'http://host').pathname;
  } catch {
    return href;
  }
}

/** The objects a REPORT covers: the collection's (its members), or the one object it was sent to. */
async function objectsInScope(davRequest: DavRequest): Promise<{ collection: CalendarCollection; objects: CalendarObject[] }> {
  const { resource, caller } = davRequest;
  if (resource.kind !== 'collection' && resource.kind !== 'object') {
    throw davError(403, 'caldav/forbidden', 'Reports are answered on a task collection', dav('supported-report'));
  }
  const collection = await findCollection(caller.db, caller.userId, resource.collection);
  if (!collection) throw davNotFound();
  const objects = await listCalendarObjects(caller, collection);
  if (resource.kind === 'collection') return { collection, objects };
  const one = objects.filter((entry) => entry.name === resource.name);
  if (one.length === 0) throw davNotFound();
  return { collection, objects: one };
}

/** REPORT (RFC 4791 7.8 calendar-query, 7.9 calendar-multiget; RFC 6578 sync-collection). */
export async function report(request: DavRequest, deps: DavHandlerDeps): Promise<unknown> {
  const query = readReport(parseDavXml(request.body));
  if (query.kind === 'sync-collection') {
    const { resource, caller } = request;
    const collection = resource.kind === 'collection' ? await findCollection(caller.db, caller.userId, resource.collection) : null;
    if (resource.kind === 'collection' && !collection) throw davNotFound();
    return syncCollection(request, deps, collection!, query);
  }
  const { collection, objects } = await objectsInScope(request);
  const options = await vtodoOptionsOf(request, deps);
  const userId = request.caller.userId;
  const entries: MultistatusEntry[] = [];
  if (query.kind === 'calendar-multiget') {
    const byName = new Map(objects.map((entry) => [entry.name, entry]));
    for (const href of query.hrefs) {
      const path = hrefPath(href);
      const resource = parseDavPath(path);
      const entry =
        resource?.kind === 'object' && resource.userId === userId && resource.collection === collection.id ? byName.get(resource.name) : undefined;
      if (!entry) {
        entries.push({ href: decodeURIComponentSafe(path), status: 404 });
        continue;
      }
      const node = objectNode(userId, collection, entry, options);
      entries.push({ href: node.path, propstats: await propstatsOf(node, query.select) });
    }
  } else {
    for (const entry of objects) {
      const text = renderCalendarObject(entry, options);
      if (!matchesCalendarFilter(new ICAL.Component(ICAL.parse(text)), query.filter, options.timeZone)) continue;
      const node = objectNode(userId, collection, entry, options);
      // The text is written already: calendar-data answers it instead of writing it again.
      node.properties.set(caldav('calendar-data'), () => [text]);
      entries.push({ href: node.path, propstats: await propstatsOf(node, query.select) });
    }
  }
  return request.reply.code(207).type('application/xml; charset=utf-8').send(writeMultistatus(entries));
}

function decodeURIComponentSafe(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}
