import type { ServiceContext } from '../context.js';
import { ensureInbox } from '../lists/ensure-inbox.js';
import { callerTimeZone } from './describe-task-recurrence.js';
import { validateNewTask, type NewTaskInput } from './task-input.js';
import type { NewCalendarObject } from './store/task-store.js';
import type { LabeledTask } from './task-view.js';

/**
 * Creates a pending task in one of the caller's lists (their Inbox unless `listId` says otherwise),
 * schedules its reminder and records `task.created` for every member of the list, atomically; the store
 * checks the caller may add to the list. A repeating task's dueAt is moved onto its rule (placeOnRule),
 * in the caller's zone: only then is the user read, so a plain create costs no extra query. A task a
 * calendar app made (CalDAV PUT) comes with `calendarObject`, written in the same transaction.
 */
export async function createTask(ctx: ServiceContext, input: NewTaskInput, made: { calendarObject?: NewCalendarObject } = {}): Promise<LabeledTask> {
  const timeZone = input.recurrence === undefined || input.recurrence === null ? 'UTC' : await callerTimeZone(ctx);
  const fields = validateNewTask(input, timeZone);
  const row = { userId: ctx.userId, listId: input.listId ?? null, fields, now: ctx.clock.now(), via: ctx.via, calendarObject: made.calendarObject };
  let task = await ctx.store.insertTask(row);
  if (!task) {
    // A user made without passing through the user directory (which makes the Inbox on first sight).
    await ensureInbox(ctx.db, ctx.userId, ctx.clock.now());
    task = await ctx.store.insertTask(row);
    if (!task) throw new Error(`no Inbox for ${ctx.userId} after making it`);
  }
  ctx.events.eventsRecorded();
  return { ...task, labels: fields.labels };
}
