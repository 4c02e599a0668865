import { hash } from 'node:crypto';
import type { ServiceContext } from '../context.js';
import type { CaldavObject } from '../generated/sqlite/client.js';
import { readLabels } from '../tasks/task-labels.js';
import type { TaskRecord } from '../tasks/task-view.js';
import type { CalendarCollection } from './list-collections.js';
import { writeVtodo, type VtodoObject, type VtodoOptions } from './vtodo-mapping.js';
import { readInChunks } from '../db/in-chunks.js';

/** A task as a calendar object resource: its record, what CalDAV keeps with it, and its name in the collection. */
export interface CalendarObject {
  task: TaskRecord;
  /** The task's labels (CATEGORIES), in order. */
  labels: string[];
  object: VtodoObject;
  name: string;
}

/** Raise when the rendering changes, so every ETag (and getctag) changes with it. */
export const RENDERING_VERSION = 2;
/** Names of tasks no client has written: `tickler-<task id>.ics`, with that UID. */
const DERIVED_NAME = /^tickler-([1-9]\d{0,18})\.ics$/;

/** Whether a name is of the form the service gives tasks no client has named (clients cannot take one). */
export function isDerivedName(name: string): boolean {
  return DERIVED_NAME.test(name);
}

type TaskWithObject = TaskRecord & { caldavObject: CaldavObject | null };

function toCalendarObject(task: TaskWithObject, labels: string[]): CalendarObject {
  const { caldavObject: row, ...record } = task;
  if (row) {
    return { task: record, labels, name: row.name, object: { uid: row.uid, sequence: row.sequence, allDay: row.allDay, extraIcal: row.extraIcal } };
  }
  return { task: record, labels, name: derivedName(task.id), object: derivedObject(task.id) };
}

/** What a task no client has written is as an object. */
const derivedObject = (taskId: bigint): VtodoObject => ({ uid: `tickler-${taskId}`, sequence: 0, allDay: false, extraIcal: '' });

/** The name of a task no client has named. */
export const derivedName = (taskId: bigint) => `tickler-${taskId}.ics`;

/** Tasks as calendar objects, their labels read in one query. */
async function withLabels(ctx: ServiceContext, tasks: TaskWithObject[]): Promise<CalendarObject[]> {
  const labels = tasks.length === 0 ? new Map<bigint, string[]>() : await readLabels(ctx.db, tasks.map((task) => task.id));
  return tasks.map((task) => toCalendarObject(task, labels.get(task.id) ?? []));
}

/** Every object of a collection, oldest task first, in one read. */
export async function listCalendarObjects(ctx: ServiceContext, collection: CalendarCollection): Promise<CalendarObject[]> {
  return (await ctx.store.listCalendarTasks(collection.listId)).map(({ task, labels, object }) =>
    object
      ? { task, labels, name: object.name, object: { uid: object.uid, sequence: object.sequence, allDay: object.allDay, extraIcal: object.extraIcal } }
      : { task, labels, name: derivedName(task.id), object: derivedObject(task.id) },
  );
}

/** The objects of these tasks that are in the collection (the others left it or are gone), by task id. */
export async function findCalendarObjectsById(ctx: ServiceContext, collection: CalendarCollection, taskIds: bigint[]): Promise<Map<bigint, CalendarObject>> {
  if (taskIds.length === 0) return new Map();
  const tasks = await readInChunks(taskIds, (chunk) => ctx.db.task.findMany({ where: { AND: [collection.tasks, { id: { in: chunk } }] }, include: { caldavObject: true } }));
  return new Map((await withLabels(ctx, tasks)).map((entry) => [entry.task.id, entry]));
}

/** The object a name in a collection names, or null: a name a client chose, or `tickler-<id>.ics` of a task without one. */
export async function findCalendarObject(ctx: ServiceContext, collection: CalendarCollection, name: string): Promise<CalendarObject | null> {
  // Any member's client may have named it: the name is looked for among the collection's tasks.
  const stored = await ctx.db.caldavObject.findFirst({ where: { name, task: collection.tasks }, include: { task: true }, orderBy: { taskId: 'asc' } });
  if (stored) return (await withLabels(ctx, [{ ...stored.task, caldavObject: stored }]))[0]!;
  const derived = DERIVED_NAME.exec(name);
  if (!derived) return null;
  const task = await ctx.db.task.findFirst({ where: { AND: [collection.tasks, { id: BigInt(derived[1]!) }] }, include: { caldavObject: true } });
  // A task a client named otherwise is only found by that name.
  return task && task.caldavObject === null ? (await withLabels(ctx, [task]))[0]! : null;
}

/** The iCalendar text of an object. */
export function renderCalendarObject(entry: CalendarObject, options: VtodoOptions): string {
  return writeVtodo({ ...entry.task, labels: entry.labels }, entry.object, options);
}

/**
 * A strong ETag: a digest of everything the object's text is written from (the whole task record, so
 * a field added later counts too; what the object keeps; the user's zone and the all-day time), so it
 * changes exactly when the text can, without writing the text out (a PROPFIND of a list reads only these).
 */
export function objectEtag(entry: CalendarObject, options: VtodoOptions): string {
  const known = etags.get(entry);
  if (known !== undefined && known.options === options) return known.etag;
  const inputs = JSON.stringify([RENDERING_VERSION, withBigintsAsText(entry.task), entry.labels, entry.object, options.timeZone, options.allDayTime]);
  const etag = `"${hash('sha256', inputs, 'base64url').slice(0, 32)}"`;
  etags.set(entry, { options, etag });
  return etag;
}

/**
 * The record with its bigints as decimal text, keys in the same order: what a JSON.stringify replacer
 * turning bigints into text would write, without calling one for every value (a PROPFIND of a large
 * list digests every task).
 */
function withBigintsAsText(record: TaskRecord): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const key in record) {
    const value = record[key as keyof TaskRecord];
    plain[key] = typeof value === 'bigint' ? value.toString() : value;
  }
  return plain;
}

/** ETags already worked out for an object read in this request (getctag and getetag both need them). */
const etags = new WeakMap<CalendarObject, { options: VtodoOptions; etag: string }>();
