import { DateTime } from 'luxon';
import type { ServiceContext } from '../context.js';
import { invalidRequest } from '../errors.js';
import { validateNewTask, type NewTaskInput, type ValidNewTask } from '../tasks/task-input.js';
import type { Priority } from '../tasks/task-view.js';
import { getUser } from '../users/get-user.js';
import { validateTimeZone } from '../users/time-zone.js';
import { EXPORT_FORMAT } from './export-account.js';

/** At most this many tasks in one import. */
export const IMPORT_MAX_TASKS = 5_000;

/** The largest import (REST body, GraphQL file), and the largest export GraphQL answers whole. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** What an import reads: an export document (GET /me/export) or the text of a Todoist CSV export. */
export type ImportSource = { kind: 'export'; document: unknown } | { kind: 'todoistCsv'; text: string };

/** One task to import: the input of a create, and when it was completed (null: pending). */
export interface ImportedTask {
  input: NewTaskInput;
  completedAt: Date | null;
}

export interface ImportResult {
  /** Tasks created by this import. */
  created: number;
  /** Tasks of the document the account already had (an earlier import of it): not created again. */
  skipped: number;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The tasks of a `tickler.export/1` document (GET /me/export); everything else of it is not imported. */
export function tasksOfExport(document: unknown): ImportedTask[] {
  if (!isObject(document) || document.format !== EXPORT_FORMAT) throw invalidRequest(`The document is not a ${EXPORT_FORMAT} export`);
  if (!Array.isArray(document.tasks)) throw invalidRequest('The export has no tasks array');
  return document.tasks.map((task: unknown, index) => {
    if (!isObject(task)) throw invalidRequest(`tasks[${index}] is not an object`);
    const completed = task.status === 'completed';
    const completedAt = completed && typeof task.completedAt === 'string' ? new Date(task.completedAt) : null;
    if (completed && (completedAt === null || Number.isNaN(completedAt.getTime()))) throw invalidRequest(`tasks[${index}].completedAt is not a date-time`);
    return {
      input: {
        title: task.title as string,
        description: (task.description ?? undefined) as string | undefined,
        dueAt: (task.dueAt ?? null) as string | null,
        priority: (task.priority ?? undefined) as Priority | undefined,
        // A completed task keeps no reminder.
        remindBefore: completed ? null : ((task.remindBefore ?? null) as number | null),
        recurrence: (task.recurrence ?? null) as string | null,
      },
      completedAt,
    };
  });
}

/** RFC 4180 records: quoted fields with "" for a quote, CRLF or LF line ends (CRLF inside a field becomes LF). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else if (char === '\r' && source[i + 1] === '\n') {
        // A line break inside a field is kept as LF.
        field += '\n';
        i += 1;
      } else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw invalidRequest('The CSV has an unterminated quoted field');
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((r) => !(r.length === 1 && r[0] === ''));
}

// Todoist's PRIORITY: 1 is the highest (p1), 4 the lowest (p4, its default).
const TODOIST_PRIORITIES: Record<string, Priority> = { '1': 'high', '2': 'medium', '3': 'low', '4': 'low' };

/** A Todoist DATE Tickler can place: `YYYY-MM-DD` (09:00) or `YYYY-MM-DD HH:MM`, in the row's TIMEZONE or the user's. */
function todoistDueAt(date: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2})?)?$/.exec(date.trim());
  if (!match) return null;
  const local = DateTime.fromISO(`${match[1]}T${match[2] ?? '09:00'}`, { zone });
  return local.isValid ? local.toUTC().toISO() : null;
}

/**
 * The tasks of a Todoist CSV export (columns TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR,
 * RESPONSIBLE, DATE, DATE_LANG, TIMEZONE): TYPE=task rows only. A DATE that is not a plain date or
 * date-time (Todoist's own phrases such as "every monday") is kept in the description.
 */
export function tasksOfTodoistCsv(text: string, userZone: string): ImportedTask[] {
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((name) => name.trim().toUpperCase());
  const at = (name: string) => columns.indexOf(name);
  if (at('TYPE') < 0 || at('CONTENT') < 0) throw invalidRequest('The CSV is not a Todoist export: it needs the columns TYPE and CONTENT');
  const cell = (row: string[], name: string) => (at(name) >= 0 ? (row[at(name)] ?? '').trim() : '');
  return rows
    .filter((row) => cell(row, 'TYPE').toLowerCase() === 'task')
    .map((row) => {
      const date = cell(row, 'DATE');
      const zone = cell(row, 'TIMEZONE') && DateTime.local().setZone(cell(row, 'TIMEZONE')).isValid ? cell(row, 'TIMEZONE') : userZone;
      const dueAt = date ? todoistDueAt(date, zone) : null;
      const description = [cell(row, 'DESCRIPTION'), date && !dueAt ? `Todoist date: ${date}` : ''].filter(Boolean).join('\n\n');
      return {
        input: { title: cell(row, 'CONTENT'), description, dueAt, priority: TODOIST_PRIORITIES[cell(row, 'PRIORITY')] ?? 'low' },
        completedAt: null,
      };
    });
}

type Fingerprinted = Pick<ValidNewTask, 'title' | 'description' | 'dueAt' | 'priority' | 'recurrence'> & { completed: boolean };

const fingerprint = (task: Fingerprinted) =>
  JSON.stringify([task.title, task.description, task.dueAt?.toISOString() ?? null, task.priority, task.recurrence, task.completed]);

/**
 * Creates the tasks the account does not have yet. A task counts as there when one with the same title,
 * description, due time, priority, rule and completion exists (as many times as the document holds it),
 * so importing a document again creates nothing. Every task is validated before any is created: an
 * invalid one is a 400 that changes nothing.
 */
export async function importTasks(ctx: ServiceContext, tasks: ImportedTask[]): Promise<ImportResult> {
  if (tasks.length > IMPORT_MAX_TASKS) throw invalidRequest(`At most ${IMPORT_MAX_TASKS} tasks can be imported at once`);
  // A repeating task's dueAt is put on its rule in the account's zone.
  const timeZone = validateTimeZone((await getUser(ctx)).timeZone);
  const valid = tasks.map((task, index) => {
    try {
      return { fields: validateNewTask(task.input, timeZone), completedAt: task.completedAt };
    } catch (error) {
      throw invalidRequest(`Task ${index + 1} of the import: ${(error as Error).message}`);
    }
  });
  const existing = new Map<string, number>();
  const have = await ctx.db.task.findMany({
    where: { userId: ctx.userId },
    select: { title: true, description: true, dueAt: true, priority: true, recurrence: true, status: true },
  });
  for (const task of have) {
    const key = fingerprint({ ...task, priority: task.priority as Priority, completed: task.status === 'completed' });
    existing.set(key, (existing.get(key) ?? 0) + 1);
  }
  let created = 0;
  let skipped = 0;
  for (const { fields, completedAt } of valid) {
    const key = fingerprint({ ...fields, completed: completedAt !== null });
    const left = existing.get(key) ?? 0;
    if (left > 0) {
      existing.set(key, left - 1);
      skipped += 1;
      continue;
    }
    const task = await ctx.store.insertTask({ userId: ctx.userId, fields, now: ctx.clock.now() });
    if (completedAt) await ctx.db.task.update({ where: { id: BigInt(task.id) }, data: { status: 'completed', completedAt } });
    created += 1;
  }
  if (created > 0) ctx.events.eventsRecorded();
  return { created, skipped };
}

/** Imports an export document's or a Todoist CSV's tasks (see importTasks); a Todoist date is read in the user's zone unless its row names one. */
export async function importAccount(ctx: ServiceContext, source: ImportSource): Promise<ImportResult> {
  const tasks = source.kind === 'export' ? tasksOfExport(source.document) : tasksOfTodoistCsv(source.text, (await getUser(ctx)).timeZone);
  return importTasks(ctx, tasks);
}
