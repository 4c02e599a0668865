import type { ServiceContext } from '../context.js';
import { visibleTo } from '../lists/list-access.js';
import { isStorableInstant } from '../tasks/parse-instant.js';
import { getUser } from '../users/get-user.js';
import { toTaskView } from '../tasks/task-view.js';
import { leadingSchedule, type ReminderRecord } from '../reminders/list-reminder-schedules.js';
import { exportTooLarge } from './account-errors.js';

export const EXPORT_FORMAT = 'tickler.export/1';
const BATCH = 500;

/** The export's one `reminder` (kept from before lists): the schedule that stands for the task's reminders. */
function reminderOf(rows: ReminderRecord[], read: (field: string, value: Date) => string | null) {
  const lead = leadingSchedule(rows);
  return lead ? { offsetMinutes: lead.offsetMinutes, fireAt: read('reminder.fireAt', lead.fireAt), state: lead.state } : null;
}

/**
 * Reads a task's stored instants for the document. A date outside 0001-9999 (stored before such dates
 * were refused) is not RFC 3339, and PostgreSQL's adapter reads it as Invalid Date, which would throw in
 * the middle of the answer and cut it; it is written as null instead and named in `unreadableDates`.
 */
function instantReader() {
  const unreadable: string[] = [];
  const read = (field: string, instant: Date | null): string | null => {
    if (instant === null) return null;
    if (isStorableInstant(instant)) return instant.toISOString();
    unreadable.push(field);
    return null;
  };
  return { read, unreadable };
}

/**
 * The caller's whole account as one JSON document, written piece by piece so a large account never
 * sits in memory: settings, the lists they are in (their own and shared ones, with their role and every
 * member's user id), every
 * task of those lists (with its list, reminder schedule, rule and completed occurrences), webhook
 * endpoints without their secrets, push subscriptions without their keys.
 */
export async function* exportAccount(ctx: ServiceContext): AsyncGenerator<string> {
  const user = await getUser(ctx);
  yield `{"format":${JSON.stringify(EXPORT_FORMAT)},"exportedAt":${JSON.stringify(ctx.clock.now().toISOString())},`;
  yield `"user":${JSON.stringify({ id: user.id, timeZone: user.timeZone, createdAt: user.createdAt.toISOString() })},`;
  const memberships = await ctx.db.listMember.findMany({
    where: { userId: ctx.userId },
    include: { list: { include: { members: { select: { userId: true }, orderBy: { userId: 'asc' } } } } },
    orderBy: { listId: 'asc' },
  });
  yield `"lists":${JSON.stringify(
    memberships.map(({ list, role }) => ({
      id: Number(list.id),
      name: list.name,
      color: list.color,
      inbox: list.inbox,
      role,
      ownerId: list.ownerId,
      memberIds: list.members.map((m) => m.userId),
    })),
  )},"tasks":[`;
  let after = 0n;
  let first = true;
  for (;;) {
    const tasks = await ctx.db.task.findMany({
      where: { ...visibleTo(ctx.userId), id: { gt: after } },
      orderBy: { id: 'asc' },
      take: BATCH,
      include: { reminders: { orderBy: { slot: 'asc' } }, completions: { orderBy: { id: 'asc' } }, labels: { orderBy: { position: 'asc' } } },
    });
    for (const task of tasks) {
      const { read, unreadable } = instantReader();
      const dueAt = read('dueAt', task.dueAt);
      const view = toTaskView({ ...task, dueAt: null }, task.labels.map((l) => l.label));
      const entry = {
        ...view,
        listId: Number(task.listId),
        createdBy: task.userId,
        dueAt,
        createdAt: read('createdAt', task.createdAt),
        updatedAt: read('updatedAt', task.updatedAt),
        completedAt: read('completedAt', task.completedAt),
        reminder: reminderOf(task.reminders, read),
        schedules: task.reminders.map((r) => ({ slot: r.slot, kind: r.kind, offsetMinutes: r.offsetMinutes, fireAt: read(`schedules[${r.slot}].fireAt`, r.fireAt), state: r.state })),
        completions: task.completions.map((c, i) => ({
          occurrenceAt: read(`completions[${i}].occurrenceAt`, c.occurrenceAt),
          completedAt: read(`completions[${i}].completedAt`, c.completedAt),
        })),
        ...(unreadable.length > 0 ? { unreadableDates: unreadable } : {}),
      };
      if (unreadable.length > 0) {
        ctx.logger.warn({ taskId: view.id, fields: unreadable }, 'export: stored dates outside 0001-9999 written as null');
      }
      yield `${first ? '' : ','}${JSON.stringify(entry)}`;
      first = false;
    }
    if (tasks.length < BATCH) break;
    after = tasks.at(-1)!.id;
  }
  const endpoints = await ctx.db.webhookEndpoint.findMany({ where: { userId: ctx.userId }, orderBy: { id: 'asc' } });
  yield `],"webhookEndpoints":${JSON.stringify(
    endpoints.map((e) => ({
      id: Number(e.id),
      url: e.url,
      events: JSON.parse(e.events) as string[],
      description: e.description,
      enabled: e.enabled,
      createdAt: e.createdAt.toISOString(),
    })),
  )}`;
  const subscriptions = await ctx.db.pushSubscription.findMany({ where: { userId: ctx.userId }, orderBy: { id: 'asc' } });
  yield `,"pushSubscriptions":${JSON.stringify(
    subscriptions.map((s) => ({ id: Number(s.id), endpoint: s.endpoint, deviceName: s.deviceName, createdAt: s.createdAt.toISOString() })),
  )}`;
  const feed = await ctx.db.calendarFeed.findUnique({ where: { userId: ctx.userId } });
  yield `,"calendarFeed":${JSON.stringify(feed ? { enabled: true, createdAt: feed.createdAt.toISOString() } : { enabled: false })}}`;
}

/**
 * The same document read whole, for a transport that cannot stream (GraphQL): refused with
 * `account/export_too_large` as soon as it grows past `maxBytes`, so a large account is never held whole.
 */
export async function exportAccountDocument(ctx: ServiceContext, maxBytes: number): Promise<unknown> {
  const chunks: string[] = [];
  let bytes = 0;
  for await (const chunk of exportAccount(ctx)) {
    bytes += Buffer.byteLength(chunk);
    if (bytes > maxBytes) throw exportTooLarge(maxBytes);
    chunks.push(chunk);
  }
  return JSON.parse(chunks.join('')) as unknown;
}
