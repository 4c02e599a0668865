import { davError } from './dav-errors.js';
import { childElement, childElements, type XmlElement } from './dav-xml.js';
import { caldav, dav, type ClarkName } from './dav-namespaces.js';

/** Which properties a PROPFIND or REPORT asks for. */
export type PropSelection =
  /** Every property that is cheap to give (RFC 4918 9.1), plus the `include`d ones. */
  | { kind: 'allprop'; include: ClarkName[] }
  /** The names of the properties, without values. */
  | { kind: 'propname' }
  | { kind: 'prop'; props: ClarkName[] };

export interface PropPatchOperation {
  action: 'set' | 'remove';
  /** The property element itself (its name, and for `set` its value as children or text). */
  prop: XmlElement;
}

export type ReportRequest =
  | { kind: 'calendar-multiget'; select: PropSelection; hrefs: string[] }
  | { kind: 'calendar-query'; select: PropSelection; filter: XmlElement | undefined }
  | { kind: 'sync-collection'; select: PropSelection; syncToken: string; level: string; limit: number | undefined };

const badRequest = (message: string) => davError(400, 'caldav/invalid', message);

function expectRoot(root: XmlElement, name: ClarkName, method: string): void {
  if (root.name !== name) throw badRequest(`A ${method} body must be a ${name} element, got ${root.name}`);
}

/** The `<prop>`, `<allprop>` or `<propname>` among an element's children; allprop when none. */
export function readPropSelection(parent: XmlElement): PropSelection {
  const prop = childElement(parent, dav('prop'));
  if (prop) return { kind: 'prop', props: prop.children.map((child) => child.name) };
  if (childElement(parent, dav('propname'))) return { kind: 'propname' };
  const include = childElement(parent, dav('include'));
  return { kind: 'allprop', include: include ? include.children.map((child) => child.name) : [] };
}

/** PROPFIND (RFC 4918 9.1): no body means allprop. */
export function readPropfind(root: XmlElement | null): PropSelection {
  if (root === null) return { kind: 'allprop', include: [] };
  expectRoot(root, dav('propfind'), 'PROPFIND');
  if (root.children.length === 0) throw badRequest('A propfind element needs prop, propname or allprop');
  return readPropSelection(root);
}

/** PROPPATCH (RFC 4918 9.2): the set and remove instructions, in document order. */
export function readProppatch(root: XmlElement | null): PropPatchOperation[] {
  if (root === null) throw badRequest('PROPPATCH needs a propertyupdate body');
  expectRoot(root, dav('propertyupdate'), 'PROPPATCH');
  const operations: PropPatchOperation[] = [];
  for (const instruction of root.children) {
    const action = instruction.name === dav('set') ? 'set' : instruction.name === dav('remove') ? 'remove' : null;
    if (action === null) continue;
    for (const prop of childElements(instruction, dav('prop'))) {
      for (const element of prop.children) operations.push({ action, prop: element });
    }
  }
  if (operations.length === 0) throw badRequest('A propertyupdate must set or remove at least one property');
  return operations;
}

/** REPORT: calendar-multiget and calendar-query (RFC 4791 7.8, 7.9) and sync-collection (RFC 6578). */
export function readReport(root: XmlElement | null): ReportRequest {
  if (root === null) throw badRequest('REPORT needs a body');
  switch (root.name) {
    case caldav('calendar-multiget'):
      return {
        kind: 'calendar-multiget',
        select: readPropSelection(root),
        hrefs: childElements(root, dav('href')).map((href) => href.text.trim()),
      };
    case caldav('calendar-query'):
      return { kind: 'calendar-query', select: readPropSelection(root), filter: childElement(root, caldav('filter')) };
    case dav('sync-collection'): {
      const limit = childElement(childElement(root, dav('limit')), dav('nresults'));
      const count = limit ? Number(limit.text.trim()) : undefined;
      if (count !== undefined && (!Number.isInteger(count) || count < 1)) throw badRequest('sync-collection: nresults must be a positive integer');
      return {
        kind: 'sync-collection',
        select: readPropSelection(root),
        syncToken: childElement(root, dav('sync-token'))?.text.trim() ?? '',
        level: childElement(root, dav('sync-level'))?.text.trim() ?? '1',
        limit: count,
      };
    }
    default:
      throw davError(403, 'caldav/forbidden', `The report ${root.name} is not supported here`, dav('supported-report'));
  }
}
