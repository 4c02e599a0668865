import { STATUS_CODES } from 'node:http';
import { dav } from './dav-namespaces.js';
import { writeXml, xmlNode, type XmlNode } from './xml-writer.js';

/** Properties of one resource that share a status (200 found, 404 not found, 403 forbidden …). */
export interface PropStat {
  status: number;
  props: XmlNode[];
}

/** One `<d:response>`: a resource with its propstats, or with a status only (e.g. 404 in a multiget). */
export interface MultistatusEntry {
  href: string;
  propstats?: PropStat[];
  status?: number;
}

export const statusLine = (status: number) => `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd();

/** A path with each segment percent-encoded as an href (slashes kept). */
export function encodeHref(path: string): string {
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}

function responseNode(entry: MultistatusEntry): XmlNode {
  const children: XmlNode[] = [xmlNode(dav('href'), encodeHref(entry.href))];
  for (const propstat of entry.propstats ?? []) {
    if (propstat.props.length === 0) continue;
    children.push(xmlNode(dav('propstat'), [xmlNode(dav('prop'), propstat.props), xmlNode(dav('status'), statusLine(propstat.status))]));
  }
  if (entry.status !== undefined) children.push(xmlNode(dav('status'), statusLine(entry.status)));
  return xmlNode(dav('response'), children);
}

/** A 207 body (RFC 4918 13): one response per entry, then the sync token when the report has one (RFC 6578). */
export function writeMultistatus(entries: MultistatusEntry[], syncToken?: string): string {
  const children = entries.map(responseNode);
  if (syncToken !== undefined) children.push(xmlNode(dav('sync-token'), syncToken));
  return writeXml(xmlNode(dav('multistatus'), children));
}
