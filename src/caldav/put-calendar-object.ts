import type { ServiceContext } from '../context.js';
import { completeTask } from '../tasks/complete-task.js';
import { createTask } from '../tasks/create-task.js';
import { reopenTask } from '../tasks/reopen-task.js';
import { PRIORITIES, type Priority, type TaskRecord } from '../tasks/task-view.js';
import { updateTask } from '../tasks/update-task.js';
import { isRelative, reminderSpecsOf, viewOfSpec, type ReminderSpec } from '../reminders/reminder-specs.js';
import { findCalendarObject, isDerivedName, type CalendarObject } from './calendar-objects.js';
import { davError } from './dav-errors.js';
import { caldav } from './dav-namespaces.js';
import type { CalendarCollection } from './list-collections.js';
import { readVtodo, supportedPriority, type VtodoOptions } from './vtodo-mapping.js';

const uidConflict = (message: string) => davError(409, 'caldav/conflict', message, caldav('no-uid-conflict'));

/** A new object's UID and name must be free among the objects the user's clients named (in any of their collections). */
async function assertUidFree(ctx: ServiceContext, uid: string, name: string): Promise<void> {
  const taken = await ctx.db.caldavObject.findFirst({ where: { userId: ctx.userId, OR: [{ uid }, { name }] }, select: { uid: true } });
  if (taken && taken.uid !== uid) throw uidConflict(`Another of your calendars has an object named ${name}; choose another name`);
  const derived = /^tickler-([1-9]\d{0,18})$/.exec(uid);
  const derivedTask = derived ? await ctx.db.task.findFirst({ where: { id: BigInt(derived[1]!), userId: ctx.userId, caldavObject: null }, select: { id: true } }) : null;
  if (taken || derivedTask) throw uidConflict(`Another task of this calendar has the UID ${uid}`);
}

/**
 * A client's PUT of a task: read (refused whole when it is not a VTODO Tickler can take), then applied
 * through the same task services as REST and GraphQL (so the same rules, events, webhooks and reminders
 * follow): create or update, then complete (a repeating task moves to its next occurrence) or reopen.
 * What Tickler does not model is stored beside the task. Answers the object as it now is.
 */
export async function putCalendarObject(
  ctx: ServiceContext,
  collection: CalendarCollection,
  name: string,
  existing: CalendarObject | null,
  text: string,
  options: VtodoOptions,
): Promise<{ created: boolean; entry: CalendarObject }> {
  const { task: fields, object } = readVtodo(text, { ...options, labels: true });
  if (existing && existing.object.uid !== object.uid) throw uidConflict('A PUT cannot change the UID of a task; make a new one instead');
  if (!existing) {
    if (isDerivedName(name)) throw davError(403, 'caldav/forbidden', 'Names of the form tickler-<number>.ics are the service’s own; choose another', caldav('valid-calendar-object-resource'));
    await assertUidFree(ctx, object.uid, name);
  }
  const input = {
    title: fields.title,
    description: fields.description,
    dueAt: fields.dueAt?.toISOString() ?? null,
    priority: supportedPriority(fields.priority, PRIORITIES) as Priority,
    reminders: keepNags(fields.reminders, existing ? reminderSpecsOf(existing.task) : []).map(viewOfSpec),
    recurrence: fields.recurrence,
    labels: fields.labels ?? [],
  };
  const kept = { uid: object.uid, name, extraIcal: object.extraIcal, sequence: object.sequence, allDay: object.allDay };
  // A new task and its name commit together: a sync in between would show it as tickler-<id>.ics.
  let task: TaskRecord = existing
    ? (await updateTask(ctx, existing.task.id, input)).task
    : await createTask(ctx, { ...input, listId: collection.listId }, { calendarObject: { ...kept, taken: () => uidConflict(`Another of your objects has the UID ${object.uid} or the name ${name}`) } });
  if (fields.status === 'completed' && task.status === 'pending') task = (await completeTask(ctx, task.id)).task;
  else if (fields.status === 'pending' && task.status === 'completed') task = (await reopenTask(ctx, task.id)).task;
  if (existing) {
    const row = { ...kept, updatedAt: ctx.clock.now() };
    await ctx.db.caldavObject.upsert({ where: { taskId: task.id }, create: { taskId: task.id, userId: ctx.userId, ...row }, update: row });
  }
  const entry = await findCalendarObject(ctx, collection, name);
  return { created: !existing, entry: entry! };
}

/** iCalendar has no "until done": a reminder the client sent back as it was keeps the nag Tickler gave it. */
function keepNags(read: readonly ReminderSpec[], current: readonly ReminderSpec[]): ReminderSpec[] {
  return read.map((spec, slot) => {
    const was = current[slot];
    if (!was?.nag) return spec;
    const same = isRelative(spec) ? isRelative(was) && was.before === spec.before : !isRelative(was) && was.at.getTime() === spec.at.getTime();
    return same ? { ...spec, nag: was.nag } : spec;
  });
}
