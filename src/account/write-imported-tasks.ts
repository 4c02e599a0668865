// The provider-neutral tag both generated clients re-export as Prisma.sql; imported from the runtime so a
// PostgreSQL service does not load the SQLite client.
import { join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ServiceContext } from '../context.js';
import type { Tx } from '../db/database.js';
import { buildEvents, eventRow } from '../events/record-event.js';
import { invalidRequest } from '../errors.js';
import { ensureInbox } from '../lists/ensure-inbox.js';
import { LISTS_PER_USER_MAX } from '../lists/list-input.js';
import { listNameKey, type ListRecord } from '../lists/list-view.js';
import { labelKey } from '../tasks/task-labels.js';
import type { ImportedList } from './import-plan.js';
import { planReminders } from '../reminders/plan-reminder.js';
import type { ValidNewTask } from '../tasks/task-input.js';
import { recordFromRow, type RawTaskRow } from '../tasks/store/task-rows.js';

/** A validated task of an import file. */
export interface ValidImportedTask {
  fields: ValidNewTask;
  completedAt: Date | null;
  importKey: string;
  /** The `ref` of the plan's list it goes into; null: the Inbox. */
  listRef: string | null;
}

/** Which of the importer's lists the file's tasks went into, by name. */
export interface ImportedLists {
  /** Made by this import (the importer owns them; nobody else is a member). */
  created: string[];
  /** The importer's own lists the file's lists matched by name (the Inbox for the exporter's Inbox and tasks of no list). */
  existing: string[];
}

/** Whether an import sets the account's time zone to its document's (see decideTimeZone). */
export type ImportTimeZoneRule = 'auto' | 'apply' | 'keep';

export interface ImportTimeZone {
  /** The document's `user.timeZone`; null when it has none (a Todoist CSV never has one). */
  document: string | null;
  /** The account's zone after the import. */
  account: string;
  /** True when this import changed the account's zone to the document's. */
  applied: boolean;
}

export interface WrittenImport {
  created: number;
  skipped: number;
  timeZone: ImportTimeZone;
  lists: ImportedLists;
}

/** Rows per INSERT: 500 tasks of 12 columns stay far below either database's parameter limit. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * `auto` applies the document's zone only to an account still on the default, UTC (a new account, as on
 * a move to a new instance), so an import never silently moves the repeating tasks of an account whose
 * owner chose a zone; `apply` always does, `keep` never.
 */
export function decideTimeZone(account: string, document: string | null, rule: ImportTimeZoneRule): ImportTimeZone {
  const applied = document !== null && document !== account && (rule === 'apply' || (rule === 'auto' && account === 'UTC'));
  return { document, account: applied ? document : account, applied };
}

type Existing = { title: string; description: string; dueAt: Date | null; priority: string; recurrence: string | null; status: string };

// A stored date the driver could not read (Invalid Date, from before dates were range-checked) matches nothing.
const instantText = (instant: Date | null) => (instant === null ? null : Number.isNaN(instant.getTime()) ? 'unreadable' : instant.toISOString());

const fingerprint = (task: Existing) =>
  JSON.stringify([task.title, task.description, instantText(task.dueAt), task.priority, task.recurrence, task.status === 'completed']);

/**
 * The tasks of the file the account does not have: none whose import key it holds (created by an
 * earlier import of the same file, however it changed since), and, for the rest, none with the same
 * title, description, due time, priority, rule and completion (counted: a file holding a task twice
 * matches two such tasks).
 */
async function selectNewTasks(tx: Tx, userId: string, tasks: readonly ValidImportedTask[]): Promise<ValidImportedTask[]> {
  const knownKeys = new Set<string>();
  const knownTasks = new Set<bigint>();
  for (const keys of chunks(tasks.map((task) => task.importKey))) {
    for (const found of await tx.taskImportKey.findMany({ where: { userId, key: { in: keys } } })) {
      knownKeys.add(found.key);
      knownTasks.add(found.taskId);
    }
  }
  const unknown = tasks.filter((task) => !knownKeys.has(task.importKey));
  const alike = new Map<string, number>();
  for (const titles of chunks([...new Set(unknown.map((task) => task.fields.title))])) {
    const found = await tx.task.findMany({
      where: { userId, title: { in: titles } },
      select: { id: true, title: true, description: true, dueAt: true, priority: true, recurrence: true, status: true },
    });
    for (const task of found) {
      // A task matched by its key above is that entry's, not another's.
      if (knownTasks.has(task.id)) continue;
      const key = fingerprint(task);
      alike.set(key, (alike.get(key) ?? 0) + 1);
    }
  }
  return unknown.filter(({ fields, completedAt }) => {
    const key = fingerprint({ ...fields, status: completedAt ? 'completed' : 'pending' });
    const left = alike.get(key) ?? 0;
    if (left > 0) alike.set(key, left - 1);
    return left === 0;
  });
}

const TASK_COLUMNS = 'id, user_id, list_id, assignee_id, title, description, due_at, priority, status, created_at, updated_at, completed_at, remind_before, reminder_specs, recurrence, due_local';

/**
 * Inserts the tasks with their import keys, reminder schedules and `task.created` events, in file order.
 * Raw multi-row INSERTs: Prisma's createMany compiles each batch of 500 rows for about half a second,
 * which made 5 000 tasks take half a minute; `sql` still binds every value as a parameter.
 */
async function insertTasks(tx: Tx, userId: string, listIds: ReadonlyMap<string | null, bigint>, tasks: readonly ValidImportedTask[], now: Date): Promise<void> {
  const listOf = (task: ValidImportedTask) => listIds.get(task.listRef) ?? listIds.get(null)!;
  const members = await tx.listMember.findMany({ where: { listId: { in: [...new Set(listIds.values())] } }, select: { listId: true, userId: true } });
  const recipientsOf = (listId: bigint) => members.filter((m) => m.listId === listId).map((m) => m.userId).sort();
  for (const batch of chunks(tasks)) {
    const rows = await tx.$queryRaw<RawTaskRow[]>(sql`
      INSERT INTO tasks (user_id, list_id, title, description, due_at, priority, status, created_at, updated_at, completed_at, remind_before, reminder_specs, recurrence, due_local)
      VALUES ${join(
        batch.map(
          (task) =>
            sql`(${userId}, ${listOf(task)}, ${task.fields.title}, ${task.fields.description}, ${task.fields.dueAt}, ${task.fields.priority}, ${task.completedAt ? 'completed' : 'pending'},
                        ${now}, ${now}, ${task.completedAt}, ${task.fields.remindBefore}, ${task.fields.reminderSpecs}, ${task.fields.recurrence}, ${task.fields.dueLocal})`,
        ),
      )}
      RETURNING ${raw(TASK_COLUMNS)}`);
    // RETURNING order is not promised (SQLite); ids are, as one INSERT numbers its rows in order.
    const created = rows.map(recordFromRow).sort((a, b) => (a.id < b.id ? -1 : 1));
    await tx.$executeRaw(
      sql`INSERT INTO task_import_keys (task_id, user_id, key) VALUES ${join(
        created.map((task, i) => sql`(${task.id}, ${userId}, ${batch[i]!.importKey})`),
      )}`,
    );
    const reminders = created.flatMap((task) =>
      planReminders(task, now).flatMap((plan) =>
        plan ? [sql`(${task.id}, ${plan.slot}, ${plan.kind}, ${userId}, ${plan.offsetMinutes}, ${plan.dueAt}, ${plan.fireAt}, 'scheduled', ${now})`] : [],
      ),
    );
    if (reminders.length > 0) {
      await tx.$executeRaw(
        sql`INSERT INTO reminders (task_id, slot, kind, user_id, offset_minutes, due_at, fire_at, state, updated_at) VALUES ${join(reminders)}`,
      );
    }
    const labels = created.flatMap((task, i) =>
      batch[i]!.fields.labels.map((label, position) => sql`(${task.id}, ${label}, ${labelKey(label)}, ${position})`),
    );
    if (labels.length > 0) {
      await tx.$executeRaw(sql`INSERT INTO task_labels (task_id, label, label_key, position) VALUES ${join(labels)}`);
    }
    const events = created
      .flatMap((task, i) => buildEvents({ type: 'task.created', actor: userId, recipients: recipientsOf(task.listId), task, labels: batch[i]!.fields.labels }, now))
      .map(eventRow);
    await tx.$executeRaw(
      sql`INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ${join(
        events.map((e) => sql`(${e.id}, ${e.type}, ${e.userId}, ${e.taskId}, ${e.occurredAt}, ${e.payload})`),
      )}`,
    );
  }
}

/**
 * The importer's list for each list of the file (by `ref`; null: the Inbox): the exporter's Inbox is the
 * importer's Inbox, any other list the importer's own list of that name (any letter case), made when
 * there is none, within the 500 lists an owner may have (a 400 otherwise, and nothing is written).
 */
async function placeLists(tx: Tx, userId: string, inbox: ListRecord, lists: readonly ImportedList[], tasks: readonly ValidImportedTask[], now: Date) {
  const owned = new Map((await tx.list.findMany({ where: { ownerId: userId }, select: { id: true, name: true, nameKey: true } })).map((l) => [l.nameKey, l]));
  const ids = new Map<string | null, bigint>([[null, inbox.id]]);
  const made = new Set<bigint>();
  for (const list of lists) {
    if (list.inbox) {
      ids.set(list.ref, inbox.id);
      continue;
    }
    const nameKey = listNameKey(list.name);
    let found = owned.get(nameKey);
    if (!found) {
      if (owned.size >= LISTS_PER_USER_MAX) throw invalidRequest(`The import would make more than the ${LISTS_PER_USER_MAX} lists a user may own`);
      found = await tx.list.create({ data: { ownerId: userId, name: list.name, nameKey, color: list.color, createdAt: now, updatedAt: now } });
      await tx.listMember.create({ data: { listId: found.id, userId, role: 'owner', joinedAt: now } });
      owned.set(nameKey, found);
      made.add(found.id);
    }
    ids.set(list.ref, found.id);
  }
  const used = new Set(lists.map((list) => ids.get(list.ref)!));
  if (tasks.some((task) => task.listRef === null)) used.add(inbox.id);
  const names = (want: boolean) => [...owned.values()].filter((l) => used.has(l.id) && made.has(l.id) === want).map((l) => l.name);
  return { ids, lists: { created: names(true), existing: names(false) } };
}

/**
 * Writes an import in one transaction: the account's zone (see decideTimeZone), the file's lists (see
 * placeLists) and every new task of the file in its list, or nothing at all. Writing the user row first takes its lock (PostgreSQL; SQLite runs one
 * write transaction at a time anyway), so imports of one account run one after the other and two
 * retries sent at once cannot both find the file's tasks missing.
 */
export async function writeImportedTasks(
  ctx: ServiceContext,
  import_: { tasks: readonly ValidImportedTask[]; lists: readonly ImportedList[]; documentTimeZone: string | null; rule: ImportTimeZoneRule },
): Promise<WrittenImport> {
  const now = ctx.clock.now();
  const inbox = await ensureInbox(ctx.db, ctx.userId, now);
  const written = await ctx.db.$transaction(
    async (tx) => {
      const user = await tx.user.update({ where: { id: ctx.userId }, data: { updatedAt: now } });
      const timeZone = decideTimeZone(user.timeZone, import_.documentTimeZone, import_.rule);
      if (timeZone.applied) await tx.user.update({ where: { id: ctx.userId }, data: { timeZone: timeZone.account } });
      const placed = await placeLists(tx, ctx.userId, inbox, import_.lists, import_.tasks, now);
      const fresh = await selectNewTasks(tx, ctx.userId, import_.tasks);
      await insertTasks(tx, ctx.userId, placed.ids, fresh, now);
      return { created: fresh.length, skipped: import_.tasks.length - fresh.length, timeZone, lists: placed.lists };
    },
    // Up to 5 000 tasks with their events: seconds on a busy machine, not Prisma's default 5.
    { timeout: 120_000, maxWait: 30_000 },
  );
  if (written.created > 0) ctx.events.eventsRecorded();
  return written;
}
