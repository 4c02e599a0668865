import { APPLE_ICAL_NS, CALDAV_NS, CALENDARSERVER_NS, DAV_NS, TICKLER_NS, type ClarkName } from './dav-namespaces.js';

/** An element to write: its Clark name, attributes (plain names) and children (elements or text). */
export interface XmlNode {
  name: ClarkName;
  attrs?: Record<string, string>;
  children?: Array<XmlNode | string>;
}

const KNOWN_PREFIXES = new Map([
  [DAV_NS, 'd'],
  [CALDAV_NS, 'cal'],
  [CALENDARSERVER_NS, 'cs'],
  [APPLE_ICAL_NS, 'ical'],
  [TICKLER_NS, 't'],
]);

export function xmlNode(name: ClarkName, children?: Array<XmlNode | string> | string, attrs?: Record<string, string>): XmlNode {
  const node: XmlNode = { name };
  if (children !== undefined) node.children = typeof children === 'string' ? [children] : children;
  if (attrs !== undefined) node.attrs = attrs;
  return node;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const NEEDS_WORK = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/**
 * Text as XML 1.0 can carry it, escaped: characters it cannot carry (control characters but tab and
 * line breaks; lone surrogates) dropped or replaced. Most text needs nothing, which is checked first.
 */
function xmlText(text: string): string {
  if (!NEEDS_WORK.test(text) && text.isWellFormed()) return text;
  return escapeXml(text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '').toWellFormed());
}

function splitClark(name: ClarkName): [ns: string, local: string] {
  const close = name.indexOf('}');
  return [name.slice(1, close), name.slice(close + 1)];
}

/**
 * The document: an XML declaration, then the tree with every namespace it uses declared once on the
 * root (DAV: as `d`, CalDAV as `cal`, …; any other as ns0, ns1, … in the order they first appear).
 * Elements in no namespace are written unprefixed, which is right because no default namespace is ever
 * declared. One pass: prefixes are given as names are met, and the root's start tag, which declares
 * them, is put together last.
 */
export function writeXml(root: XmlNode): string {
  const prefixes = new Map<string, string>();
  let other = 0;
  const qname = (name: ClarkName) => {
    const [ns, local] = splitClark(name);
    if (ns === '') return local;
    let prefix = prefixes.get(ns);
    if (prefix === undefined) prefixes.set(ns, (prefix = KNOWN_PREFIXES.get(ns) ?? `ns${other++}`));
    return `${prefix}:${local}`;
  };
  const attributes = (node: XmlNode) => {
    let attrs = '';
    for (const [key, value] of Object.entries(node.attrs ?? {})) attrs += ` ${key}="${xmlText(value)}"`;
    return attrs;
  };
  const write = (node: XmlNode): string => {
    const name = qname(node.name);
    const attrs = attributes(node);
    const children = node.children ?? [];
    if (children.length === 0) return `<${name}${attrs}/>`;
    let inner = '';
    for (const child of children) inner += typeof child === 'string' ? xmlText(child) : write(child);
    return `<${name}${attrs}>${inner}</${name}>`;
  };
  const rootName = qname(root.name);
  const children = root.children ?? [];
  let inner = '';
  for (const child of children) inner += typeof child === 'string' ? xmlText(child) : write(child);
  let declarations = '';
  for (const [ns, prefix] of prefixes) declarations += ` xmlns:${prefix}="${escapeXml(ns)}"`;
  const start = `<${rootName}${declarations}${attributes(root)}`;
  return `<?xml version="1.0" encoding="utf-8"?>\n${children.length === 0 ? `${start}/>` : `${start}>${inner}</${rootName}>`}`;
}
