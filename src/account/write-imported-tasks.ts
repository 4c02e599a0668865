// The provider-neutral tag both generated clients re-export as Prisma.sql; imported from the runtime so a
// PostgreSQL service does not load the SQLite client.
import { join, raw, sqltag as sql } from '@prisma/client/runtime/client';
import type { ServiceContext } from '../context.js';
import type { Tx } from '../db/database.js';
import { buildEvent, eventRow } from '../events/record-event.js';
import { planReminder } from '../reminders/plan-reminder.js';
import type { ValidNewTask } from '../tasks/task-input.js';
import { recordFromRow, type RawTaskRow } from '../tasks/store/task-rows.js';

/** A validated task of an import file. */
export interface ValidImportedTask {
  fields: ValidNewTask;
  completedAt: Date | null;
  importKey: string;
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

const TASK_COLUMNS = 'id, user_id, title, description, due_at, priority, status, created_at, updated_at, completed_at, remind_before, recurrence, due_local';

/**
 * Inserts the tasks with their import keys, reminder schedules and `task.created` events, in file order.
 * Raw multi-row INSERTs: Prisma's createMany compiles each batch of 500 rows for about half a second,
 * which made 5 000 tasks take half a minute; `sql` still binds every value as a parameter.
 */
async function insertTasks(tx: Tx, userId: string, tasks: readonly ValidImportedTask[], now: Date): Promise<void> {
  for (const batch of chunks(tasks)) {
    const rows = await tx.$queryRaw<RawTaskRow[]>(sql`
      INSERT INTO tasks (user_id, title, description, due_at, priority, status, created_at, updated_at, completed_at, remind_before, recurrence, due_local)
      VALUES ${join(
        batch.map(
          ({ fields, completedAt }) =>
            sql`(${userId}, ${fields.title}, ${fields.description}, ${fields.dueAt}, ${fields.priority}, ${completedAt ? 'completed' : 'pending'},
                        ${now}, ${now}, ${completedAt}, ${fields.remindBefore}, ${fields.recurrence}, ${fields.dueLocal})`,
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
    const reminders = created.flatMap((task) => {
      const plan = planReminder(task, now);
      return plan ? [sql`(${task.id}, ${userId}, ${plan.offsetMinutes}, ${plan.dueAt}, ${plan.fireAt}, 'scheduled', ${now})`] : [];
    });
    if (reminders.length > 0) {
      await tx.$executeRaw(
        sql`INSERT INTO reminders (task_id, user_id, offset_minutes, due_at, fire_at, state, updated_at) VALUES ${join(reminders)}`,
      );
    }
    const events = created.map((task) => eventRow(buildEvent({ type: 'task.created', userId, task }, now)));
    await tx.$executeRaw(
      sql`INSERT INTO events (id, type, user_id, task_id, occurred_at, payload) VALUES ${join(
        events.map((e) => sql`(${e.id}, ${e.type}, ${e.userId}, ${e.taskId}, ${e.occurredAt}, ${e.payload})`),
      )}`,
    );
  }
}

/**
 * Writes an import in one transaction: the account's zone (see decideTimeZone) and every new task of
 * the file, or nothing at all. Writing the user row first takes its lock (PostgreSQL; SQLite runs one
 * write transaction at a time anyway), so imports of one account run one after the other and two
 * retries sent at once cannot both find the file's tasks missing.
 */
export async function writeImportedTasks(
  ctx: ServiceContext,
  import_: { tasks: readonly ValidImportedTask[]; documentTimeZone: string | null; rule: ImportTimeZoneRule },
): Promise<WrittenImport> {
  const now = ctx.clock.now();
  const written = await ctx.db.$transaction(
    async (tx) => {
      const user = await tx.user.update({ where: { id: ctx.userId }, data: { updatedAt: now } });
      const timeZone = decideTimeZone(user.timeZone, import_.documentTimeZone, import_.rule);
      if (timeZone.applied) await tx.user.update({ where: { id: ctx.userId }, data: { timeZone: timeZone.account } });
      const fresh = await selectNewTasks(tx, ctx.userId, import_.tasks);
      await insertTasks(tx, ctx.userId, fresh, now);
      return { created: fresh.length, skipped: import_.tasks.length - fresh.length, timeZone };
    },
    // Up to 5 000 tasks with their events: seconds on a busy machine, not Prisma's default 5.
    { timeout: 120_000, maxWait: 30_000 },
  );
  if (written.created > 0) ctx.events.eventsRecorded();
  return written;
}
