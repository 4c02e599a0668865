import { callerTimeZone } from '../tasks/describe-task-recurrence.js';
import { PRIORITIES } from '../tasks/task-view.js';
import { davError, davNotFound } from './dav-errors.js';
import { readPropfind, type PropSelection } from './dav-requests.js';
import { parseDavXml } from './dav-xml.js';
import type { ClarkName } from './dav-namespaces.js';
import { findCalendarObject, listCalendarObjects } from './calendar-objects.js';
import { collectionNode, EXPENSIVE_PROPERTIES, homeNode, objectNode, principalNode, rootNode, type DavNode } from './dav-properties.js';
import type { DavHandlerDeps, DavRequest } from './dav-request.js';
import { findCollection, listCollections } from './list-collections.js';
import { writeMultistatus, type MultistatusEntry, type PropStat } from './multistatus.js';
import type { VtodoOptions } from './vtodo-mapping.js';
import { currentSyncToken } from './sync-tokens.js';
import { xmlNode, type XmlNode } from './xml-writer.js';

/** Depth: 0 or 1; infinity (or none, which means infinity for PROPFIND) is answered as 1. */
export function readDepth(header: string | string[] | undefined): 0 | 1 {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  if (value === '0') return 0;
  if (value === undefined || value === '1' || value === 'infinity') return 1;
  throw davError(400, 'caldav/invalid', 'Depth must be 0, 1 or infinity');
}

/** The found properties of a node (200) and the missing ones (404), as the selection asks. */
export async function propstatsOf(node: DavNode, select: PropSelection): Promise<PropStat[]> {
  if (select.kind === 'propname') return [{ status: 200, props: [...node.properties.keys()].map((name) => xmlNode(name)) }];
  const names: ClarkName[] =
    select.kind === 'prop' ? select.props : [...[...node.properties.keys()].filter((name) => !EXPENSIVE_PROPERTIES.has(name)), ...select.include];
  const found: XmlNode[] = [];
  const missing: XmlNode[] = [];
  for (const name of [...new Set(names)]) {
    const getter = node.properties.get(name);
    const got = getter ? getter() : null;
    // Most values are at hand: awaiting only the few that are not spares a thousand objects' microtasks.
    const value = got instanceof Promise ? await got : got;
    if (value === null) missing.push(xmlNode(name));
    else found.push(xmlNode(name, value));
  }
  return [
    { status: 200, props: found },
    { status: 404, props: missing },
  ];
}

export async function vtodoOptionsOf(dav: DavRequest, deps: DavHandlerDeps): Promise<VtodoOptions> {
  return { timeZone: await callerTimeZone(dav.caller), allDayTime: deps.allDayTime, priorities: PRIORITIES };
}

/** The resource a request names and, at depth 1, its members; a collection or object that does not exist is a 404. */
async function nodesOf(dav: DavRequest, deps: DavHandlerDeps, depth: 0 | 1): Promise<DavNode[]> {
  const { resource, caller } = dav;
  const userId = caller.userId;
  switch (resource.kind) {
    case 'root': {
      const root = rootNode(userId, dav.request.url.split('?')[0]!);
      return depth === 0 ? [root] : [root, principalNode(userId), homeNode(userId)];
    }
    case 'principal':
      return [principalNode(userId)];
    case 'home': {
      if (depth === 0) return [homeNode(userId)];
      const options = await vtodoOptionsOf(dav, deps);
      const collections = await listCollections(caller.db, userId);
      const nodes = collections.map((collection) => collectionNode(userId, collection, options, () => currentSyncToken(caller.db, collection.listId)));
      return [homeNode(userId), ...nodes];
    }
    case 'collection': {
      const collection = await findCollection(caller.db, userId, resource.collection);
      if (!collection) throw davNotFound();
      const options = await vtodoOptionsOf(dav, deps);
      const node = collectionNode(userId, collection, options, () => currentSyncToken(caller.db, collection.listId));
      if (depth === 0) return [node];
      return [node, ...(await listCalendarObjects(caller, collection)).map((entry) => objectNode(userId, collection, entry, options))];
    }
    case 'object': {
      const collection = await findCollection(caller.db, userId, resource.collection);
      const entry = collection && (await findCalendarObject(caller, collection, resource.name));
      if (!collection || !entry) throw davNotFound();
      return [objectNode(userId, collection, entry, await vtodoOptionsOf(dav, deps))];
    }
  }
}

/** PROPFIND (RFC 4918 9.1) at depth 0 or 1. */
export async function propfind(dav: DavRequest, deps: DavHandlerDeps): Promise<unknown> {
  const select = readPropfind(parseDavXml(dav.body));
  const nodes = await nodesOf(dav, deps, readDepth(dav.request.headers.depth));
  const entries: MultistatusEntry[] = [];
  for (const node of nodes) entries.push({ href: node.path, propstats: await propstatsOf(node, select) });
  return dav.reply.code(207).type('application/xml; charset=utf-8').send(writeMultistatus(entries));
}
