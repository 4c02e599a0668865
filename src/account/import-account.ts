import type { ServiceContext } from '../context.js';
import { invalidRequest } from '../errors.js';
import { validateNewTask } from '../tasks/task-input.js';
import { getUser } from '../users/get-user.js';
import type { ImportConverted, ImportDropped, ImportPlan, ImportRowProblem } from './import-plan.js';
import { readExportDocument } from './read-export-document.js';
import { readTodoistCsv } from './read-todoist-csv.js';
import {
  decideTimeZone,
  writeImportedTasks,
  type ImportedLists,
  type ImportTimeZone,
  type ImportTimeZoneRule,
  type ValidImportedTask,
} from './write-imported-tasks.js';
import { validateListName } from '../lists/list-input.js';

/** At most this many tasks in one import. */
export const IMPORT_MAX_TASKS = 5_000;

/** The largest import (REST body, GraphQL file), and the largest export GraphQL answers whole. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * What an import reads: an export document (GET /me/export) or the text of a Todoist CSV export, with
 * the name of the file it came in when there was one (Todoist names a project's export after it).
 */
export type ImportSource = { kind: 'export'; document: unknown } | { kind: 'todoistCsv'; text: string; fileName?: string | undefined };

/** The list a Todoist CSV goes into when neither `list` nor a file name names one. */
export const TODOIST_DEFAULT_LIST = 'Todoist import';

export const IMPORT_TIME_ZONE_RULES: readonly ImportTimeZoneRule[] = ['auto', 'apply', 'keep'];

export interface ImportOptions {
  /** Whether the export document's time zone becomes the account's (default `auto`; see decideTimeZone). */
  timeZone?: ImportTimeZoneRule | undefined;
  /** The list a Todoist CSV's tasks go into (the caller's own of that name, else a new one); not for an export document. */
  list?: string | undefined;
}

export interface ImportResult {
  /** Tasks created by this import. */
  created: number;
  /** Tasks of the file the account already had (an earlier import of it, or the same content): not created again. */
  skipped: number;
  timeZone: ImportTimeZone;
  /** The lists the file's tasks went into: made by this import, or the caller's own of that name (members are not re-invited). */
  lists: ImportedLists;
  /** What the file held that was kept in another form (counted whether its task was created now or skipped). */
  converted: ImportConverted;
  /** What the file held that was left out. */
  dropped: ImportDropped;
  /** Todoist CSV rows read with a problem (the first 100). */
  rows: ImportRowProblem[];
  /** Row problems beyond those listed. */
  rowsNotListed: number;
}

/**
 * The list a Todoist CSV goes into: `list` when given (checked as a list name: a 400 otherwise), else
 * the file's name without `.csv` (as Todoist names a project's export), else TODOIST_DEFAULT_LIST.
 */
function todoistListName(list: string | undefined, fileName: string | undefined): string {
  if (list !== undefined) return validateListName(list);
  const base = (fileName ?? '').replace(/^.*[\\/]/, '').replace(/\.csv$/i, '').trim();
  if (base === '') return TODOIST_DEFAULT_LIST;
  // A name too long or unfit for a list is cut or replaced rather than failing the whole import.
  try {
    return validateListName([...base].slice(0, 100).join(''));
  } catch {
    return TODOIST_DEFAULT_LIST;
  }
}

/**
 * Every task of the plan checked as a create would be; the first invalid one is a 400 naming it.
 * `timeZone` is the account's zone as the import will leave it, the zone its repeating tasks repeat in.
 */
function validateTasks(plan: ImportPlan, timeZone: string): ValidImportedTask[] {
  if (plan.tasks.length > IMPORT_MAX_TASKS) throw invalidRequest(`At most ${IMPORT_MAX_TASKS} tasks can be imported at once`);
  return plan.tasks.map((task, index) => {
    try {
      return { fields: validateNewTask(task.input, timeZone), completedAt: task.completedAt, importKey: task.importKey, listRef: task.listRef };
    } catch (error) {
      const where = task.line === undefined ? '' : ` (line ${task.line})`;
      throw invalidRequest(`Task ${index + 1} of the import${where}: ${(error as Error).message}`);
    }
  });
}

/**
 * Imports an export document's or a Todoist CSV's tasks, all or nothing: the file is read and every
 * task validated before anything is written, then everything is written in one transaction. A task the
 * account already has is skipped (see writeImportedTasks), so a retry of a file creates nothing twice.
 * A Todoist date is read in the row's TIMEZONE, else the account's zone.
 */
export async function importAccount(ctx: ServiceContext, source: ImportSource, options: ImportOptions = {}): Promise<ImportResult> {
  if (source.kind === 'export' && options.list !== undefined) {
    throw invalidRequest('list applies to a Todoist CSV; an export document brings its own lists');
  }
  const user = await getUser(ctx);
  const plan =
    source.kind === 'export'
      ? readExportDocument(source.document)
      : await readTodoistCsv(source.text, { accountZone: user.timeZone, now: ctx.clock.now(), list: todoistListName(options.list, source.fileName) });
  const rule = options.timeZone ?? 'auto';
  const tasks = validateTasks(plan, decideTimeZone(user.timeZone, plan.documentTimeZone, rule).account);
  const written = await writeImportedTasks(ctx, { tasks, lists: plan.lists, documentTimeZone: plan.documentTimeZone, rule });
  return { ...written, converted: plan.converted, dropped: plan.dropped, rows: plan.rows, rowsNotListed: plan.rowsNotListed };
}
