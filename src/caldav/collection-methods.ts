import { AppError } from '../errors.js';
import { createList } from '../lists/create-list.js';
import { deleteList } from '../lists/delete-list.js';
import { validateListColor, validateListName } from '../lists/list-input.js';
import { can, type ListAction } from '../lists/list-rights.js';
import { updateList } from '../lists/update-list.js';
import { davError, davNotFound } from './dav-errors.js';
import { APPLE_ICAL_NS, caldav, clark, dav, type ClarkName } from './dav-namespaces.js';
import type { DavRequest } from './dav-request.js';
import { readProppatch } from './dav-requests.js';
import { childElements, parseDavXml, type XmlElement } from './dav-xml.js';
import { findCollection, isServiceSegment, type CalendarCollection } from './list-collections.js';
import { writeMultistatus, type PropStat } from './multistatus.js';
import { xmlNode } from './xml-writer.js';

const CALENDAR_COLOR = clark(APPLE_ICAL_NS, 'calendar-color');
const SEGMENT_MAX_LENGTH = 200;

/** `#rrggbb` from a client's calendar-color (`#RRGGBB` or Apple's `#RRGGBBAA`); empty: no color. */
function listColorOf(text: string): string | null {
  const value = text.trim();
  if (value === '') return null;
  return /^#[0-9a-fA-F]{8}$/.test(value) ? value.slice(0, 7) : value;
}

/** The collection a request names, or 404. */
async function requireCollection(request: DavRequest): Promise<CalendarCollection> {
  const { resource, caller } = request;
  if (resource.kind !== 'collection') throw davNotFound();
  const collection = await findCollection(caller.db, caller.userId, resource.collection);
  if (!collection) throw davNotFound();
  return collection;
}

/** A list's field a property sets, checked as the list services check it (so a bad value changes nothing). */
type ListPatch = { name?: string; color?: string | null };

function readMkcalendarProps(root: XmlElement | null): { name: string | undefined; color: string | null } {
  if (root === null) return { name: undefined, color: null };
  if (root.name !== caldav('mkcalendar')) throw davError(400, 'caldav/invalid', `A MKCALENDAR body must be a ${caldav('mkcalendar')} element`);
  const props = childElements(root, dav('set')).flatMap((set) => childElements(set, dav('prop')).flatMap((prop) => prop.children));
  const components = props.find((prop) => prop.name === caldav('supported-calendar-component-set'));
  if (components && !childElements(components, caldav('comp')).some((comp) => comp.attrs['{}name']?.toUpperCase() === 'VTODO')) {
    throw davError(403, 'caldav/forbidden', 'Tickler’s lists hold tasks (VTODO) only', caldav('supported-calendar-component'));
  }
  const name = props.find((prop) => prop.name === dav('displayname'))?.text;
  const color = props.find((prop) => prop.name === CALENDAR_COLOR)?.text;
  return { name, color: color === undefined ? null : listColorOf(color) };
}

/**
 * MKCALENDAR (RFC 4791 5.3.1): makes a list (the caller its owner) named by the body's displayname (or
 * the path segment), colored by its calendar-color; the collection stays at the path the client chose.
 * Other properties in the body (a description, a time zone, an order) are not kept.
 */
export async function mkcalendar(request: DavRequest): Promise<unknown> {
  const { resource, caller } = request;
  if (resource.kind !== 'collection') {
    request.reply.header('allow', 'OPTIONS, PROPFIND, REPORT');
    throw davError(405, 'request/method_not_allowed', 'MKCALENDAR makes a collection in the calendar home');
  }
  const segment = resource.collection;
  if (await findCollection(caller.db, caller.userId, segment)) {
    throw davError(403, 'caldav/forbidden', 'There is a collection at this path already', dav('resource-must-be-null'));
  }
  if (isServiceSegment(segment) || [...segment].length > SEGMENT_MAX_LENGTH || !segment.isWellFormed()) {
    throw davError(403, 'caldav/forbidden', `Choose a path that is not a number nor "inbox", of at most ${SEGMENT_MAX_LENGTH} characters`, dav('resource-must-be-null'));
  }
  const { name, color } = readMkcalendarProps(parseDavXml(request.body));
  const list = await createList(caller, { name: name ?? segment, color });
  try {
    await caller.db.caldavCollection.create({ data: { userId: caller.userId, segment, listId: BigInt(list.id) } });
  } catch (error) {
    // Two MKCALENDARs of one path at once: the second list goes again.
    await deleteList(caller, BigInt(list.id));
    if (await caller.db.caldavCollection.findUnique({ where: { userId_segment: { userId: caller.userId, segment } } })) {
      throw davError(403, 'caldav/forbidden', 'There is a collection at this path already', dav('resource-must-be-null'));
    }
    throw error;
  }
  return request.reply.code(201).header('cache-control', 'no-cache').header('content-length', '0').send();
}

interface PatchItem {
  name: ClarkName;
  /** What it changes, and the right it needs; null: not a property Tickler can change (403). */
  change: { patch: ListPatch; action: ListAction } | null;
  /** Its value is refused (409, with why). */
  invalid?: string;
}

function patchItemOf(action: 'set' | 'remove', prop: XmlElement): PatchItem {
  try {
    if (prop.name === dav('displayname') && action === 'set') return { name: prop.name, change: { patch: { name: validateListName(prop.text) }, action: 'rename' } };
    if (prop.name === CALENDAR_COLOR) {
      const color = action === 'remove' ? null : validateListColor(listColorOf(prop.text));
      return { name: prop.name, change: { patch: { color }, action: 'edit' } };
    }
  } catch (error) {
    if (error instanceof AppError) return { name: prop.name, change: null, invalid: error.message };
    throw error;
  }
  return { name: prop.name, change: null };
}

/** Every property with one status, all the others failed in dependence (RFC 4918 9.2: all or nothing). */
function answerPatch(request: DavRequest, path: string, items: PatchItem[], failed: (item: PatchItem) => number | null): unknown {
  const statuses = items.map((item) => failed(item));
  const anyFailed = statuses.some((status) => status !== null);
  const groups = new Map<number, PropStat>();
  items.forEach((item, index) => {
    const status = statuses[index] ?? (anyFailed ? 424 : 200);
    const group = groups.get(status) ?? { status, props: [] };
    group.props.push(xmlNode(item.name));
    groups.set(status, group);
  });
  const body = writeMultistatus([{ href: path, propstats: [...groups.values()] }]);
  return request.reply.code(207).type('application/xml; charset=utf-8').send(body);
}

/**
 * PROPPATCH (RFC 4918 9.2) of a collection: displayname renames the list (owners), calendar-color
 * recolours it (owners and editors; removing it clears the color). All or nothing: any property that
 * cannot be set (another property: 403; a refused value or a name taken: 409; a role that falls short:
 * 403) fails the request and the others are 424.
 */
export async function proppatch(request: DavRequest): Promise<unknown> {
  const operations = readProppatch(parseDavXml(request.body));
  const path = request.request.url.split('?')[0]!;
  if (request.resource.kind !== 'collection') {
    return answerPatch(request, decodeURI(path), operations.map(({ prop }) => ({ name: prop.name, change: null })), () => 403);
  }
  const collection = await requireCollection(request);
  const items = operations.map(({ action, prop }) => patchItemOf(action, prop));
  const cannot = (item: PatchItem) => (item.invalid !== undefined ? 409 : item.change === null || !can(collection.role, item.change.action) ? 403 : null);
  if (items.some((item) => cannot(item) !== null)) return answerPatch(request, decodeURI(path), items, cannot);
  const patch = Object.assign({}, ...items.map((item) => item.change!.patch)) as ListPatch;
  try {
    await updateList(request.caller, collection.listId, patch);
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    // The list service's own refusal (a name taken: 409; a role changed meanwhile: 403).
    const status = error.status === 409 ? 409 : 403;
    return answerPatch(request, decodeURI(path), items, (item) => (item.change?.patch.name !== undefined || status === 403 ? status : null));
  }
  return answerPatch(request, decodeURI(path), items, () => null);
}

/** DELETE of a collection: deletes the list with its tasks (owners only, 403 otherwise); the own Inbox cannot be deleted (403). */
export async function deleteCollection(request: DavRequest): Promise<unknown> {
  const collection = await requireCollection(request);
  if (collection.inbox) throw davError(403, 'caldav/forbidden', 'The Inbox cannot be deleted');
  await deleteList(request.caller, collection.listId);
  return request.reply.code(204).send();
}
