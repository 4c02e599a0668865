import { deleteTask } from '../tasks/delete-task.js';
import { findCalendarObject, objectEtag, renderCalendarObject, type CalendarObject } from './calendar-objects.js';
import { checkConditions } from './conditional-request.js';
import { davError, davNotFound } from './dav-errors.js';
import { caldav } from './dav-namespaces.js';
import type { DavHandlerDeps, DavRequest } from './dav-request.js';
import { findCollection, type CalendarCollection } from './list-collections.js';
import { putCalendarObject } from './put-calendar-object.js';
import { vtodoOptionsOf } from './propfind.js';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

const notHere = (dav: DavRequest, allow: string) => {
  dav.reply.header('allow', allow);
  return davError(405, 'request/method_not_allowed', `${dav.request.method} is not supported on this resource`);
};

/** The collection and object a request names (the object null when there is none by that name). */
async function resolveObject(dav: DavRequest): Promise<{ collection: CalendarCollection; name: string; entry: CalendarObject | null }> {
  const { resource, caller } = dav;
  if (resource.kind !== 'object') throw notHere(dav, 'OPTIONS, PROPFIND, REPORT');
  const collection = await findCollection(caller.db, caller.userId, resource.collection);
  if (!collection) throw davNotFound();
  return { collection, name: resource.name, entry: await findCalendarObject(caller, collection, resource.name) };
}

/** GET and HEAD of a task: its iCalendar text with a strong ETag; 304 for a matching If-None-Match. */
export async function getObject(dav: DavRequest, deps: DavHandlerDeps): Promise<unknown> {
  const { entry } = await resolveObject(dav);
  if (!entry) throw davNotFound();
  const options = await vtodoOptionsOf(dav, deps);
  const etag = objectEtag(entry, options);
  dav.reply.header('etag', etag).header('last-modified', entry.task.updatedAt.toUTCString());
  if (checkConditions(dav.request, etag) === 'not-modified') return dav.reply.code(304).send();
  const body = renderCalendarObject(entry, options);
  if (dav.request.method === 'HEAD') return dav.reply.code(200).type(CALENDAR_TYPE).header('content-length', String(Buffer.byteLength(body))).send();
  return dav.reply.code(200).type(CALENDAR_TYPE).send(body);
}

/**
 * PUT of a task (RFC 4791 5.3.2): 201 for a new one, 204 for a change; 412 when If-Match or
 * If-None-Match fails. No ETag is answered: the stored object is never byte for byte what was sent
 * (RFC 4791 5.3.4), so the client reads the new version (a completed repeating task has moved on).
 */
export async function putObject(dav: DavRequest, deps: DavHandlerDeps): Promise<unknown> {
  const { collection, name, entry } = await resolveObject(dav);
  const options = await vtodoOptionsOf(dav, deps);
  checkConditions(dav.request, entry ? objectEtag(entry, options) : null);
  const type = dav.request.headers['content-type'];
  if (type !== undefined && !/^text\/calendar\s*(;|$)/i.test(type)) {
    throw davError(415, 'request/unsupported_media_type', 'A task is sent as text/calendar', caldav('supported-calendar-data'));
  }
  if (dav.body === undefined) throw davError(400, 'caldav/invalid', 'PUT needs an iCalendar body', caldav('valid-calendar-data'));
  let text: string;
  try {
    text = strictUtf8.decode(dav.body);
  } catch {
    throw davError(400, 'caldav/invalid', 'The body is not valid UTF-8', caldav('valid-calendar-data'));
  }
  const { created } = await putCalendarObject(dav.caller, collection, name, entry, text, options);
  return dav.reply.code(created ? 201 : 204).send();
}

/** DELETE of a task: it is deleted for good (as GraphQL's deleteTask), 204; 412 when If-Match fails. */
export async function deleteObject(dav: DavRequest, deps: DavHandlerDeps): Promise<unknown> {
  const { entry } = await resolveObject(dav);
  if (!entry) throw davNotFound();
  checkConditions(dav.request, objectEtag(entry, await vtodoOptionsOf(dav, deps)));
  await deleteTask(dav.caller, entry.task.id);
  return dav.reply.code(204).send();
}
