import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { davError } from './dav-errors.js';
import { clark, type ClarkName } from './dav-namespaces.js';

/*
 * WebDAV bodies as a namespace-resolved tree. Clients pick any prefixes (`A:`, `D:`, a default
 * namespace), so every element is known by its namespace URI and local name, written in Clark
 * notation: `{DAV:}prop`. fast-xml-parser keeps prefixes as written; the xmlns declarations in scope
 * are resolved here.
 */

export interface XmlElement {
  /** Clark name of the element. */
  name: ClarkName;
  /** Attributes by Clark name (unprefixed attributes are in no namespace: `{}name`). */
  attrs: Record<ClarkName, string>;
  children: XmlElement[];
  /** The element's own text (its text nodes joined, entities decoded). */
  text: string;
}

type OrderedNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  // Also numeric character references (&#233;), which XML has and the plain entity pass leaves alone.
  htmlEntities: true,
  commentPropName: false,
});

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function splitQName(qname: string): [prefix: string, local: string] {
  const colon = qname.indexOf(':');
  return colon < 0 ? ['', qname] : [qname.slice(0, colon), qname.slice(colon + 1)];
}

function toElement(node: OrderedNode, inherited: ReadonlyMap<string, string>): XmlElement | null {
  const qname = Object.keys(node).find((key) => key !== ':@');
  if (qname === undefined || qname === '#text') return null;
  const rawAttrs = node[':@'] ?? {};
  let scope = inherited;
  for (const [attr, value] of Object.entries(rawAttrs)) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) {
      if (scope === inherited) scope = new Map(inherited);
      (scope as Map<string, string>).set(attr === 'xmlns' ? '' : attr.slice(6), value);
    }
  }
  const resolve = (prefix: string, forAttribute: boolean): string => {
    if (prefix === '' && forAttribute) return '';
    if (prefix === 'xml') return 'http://www.w3.org/XML/1998/namespace';
    const ns = scope.get(prefix);
    if (ns === undefined) {
      if (prefix === '') return '';
      throw davError(400, 'caldav/invalid', `The request body uses the undeclared namespace prefix "${prefix}"`);
    }
    return ns;
  };
  const [prefix, local] = splitQName(qname);
  const attrs: Record<ClarkName, string> = {};
  for (const [attr, value] of Object.entries(rawAttrs)) {
    if (attr === 'xmlns' || attr.startsWith('xmlns:')) continue;
    const [attrPrefix, attrLocal] = splitQName(attr);
    attrs[clark(resolve(attrPrefix, true), attrLocal)] = value;
  }
  const element: XmlElement = { name: clark(resolve(prefix, false), local), attrs, children: [], text: '' };
  for (const child of (node[qname] as OrderedNode[]) ?? []) {
    if ('#text' in child) element.text += String(child['#text']);
    else {
      const converted = toElement(child, scope);
      if (converted) element.children.push(converted);
    }
  }
  return element;
}

/**
 * The root element of a request body, or null for an empty body (PROPFIND without a body means
 * allprop). Bytes that are not UTF-8, malformed XML and any DOCTYPE (entity expansion is a way to
 * blow up memory) are a 400.
 */
export function parseDavXml(body: Buffer | string | undefined): XmlElement | null {
  if (body === undefined) return null;
  let text: string;
  try {
    text = typeof body === 'string' ? body : strictUtf8.decode(body);
  } catch {
    throw davError(400, 'caldav/invalid', 'The request body is not valid UTF-8');
  }
  if (text.trim() === '') return null;
  if (/<!DOCTYPE/i.test(text)) throw davError(400, 'caldav/invalid', 'A DOCTYPE is not accepted in a request body');
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    throw davError(400, 'caldav/invalid', `The request body is not well-formed XML: ${validation.err.msg} (line ${validation.err.line})`);
  }
  const nodes = parser.parse(text) as OrderedNode[];
  const roots = nodes.map((node) => toElement(node, new Map())).filter((element) => element !== null);
  if (roots.length !== 1) throw davError(400, 'caldav/invalid', 'The request body must have exactly one root element');
  return roots[0]!;
}

export function childElement(parent: XmlElement | undefined, name: ClarkName): XmlElement | undefined {
  return parent?.children.find((child) => child.name === name);
}

export function childElements(parent: XmlElement | undefined, name: ClarkName): XmlElement[] {
  return parent?.children.filter((child) => child.name === name) ?? [];
}
