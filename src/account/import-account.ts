import type { ServiceContext } from '../context.js';
import { invalidRequest } from '../errors.js';
import { validateNewTask } from '../tasks/task-input.js';
import { getUser } from '../users/get-user.js';
import type { ImportConverted, ImportDropped, ImportPlan, ImportRowProblem } from './import-plan.js';
import { readExportDocument } from './read-export-document.js';
import { readTodoistCsv } from './read-todoist-csv.js';
import { decideTimeZone, writeImportedTasks, type ImportTimeZone, type ImportTimeZoneRule, type ValidImportedTask } from './write-imported-tasks.js';

/** At most this many tasks in one import. */
export const IMPORT_MAX_TASKS = 5_000;

/** The largest import (REST body, GraphQL file), and the largest export GraphQL answers whole. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** What an import reads: an export document (GET /me/export) or the text of a Todoist CSV export. */
export type ImportSource = { kind: 'export'; document: unknown } | { kind: 'todoistCsv'; text: string };

export const IMPORT_TIME_ZONE_RULES: readonly ImportTimeZoneRule[] = ['auto', 'apply', 'keep'];

export interface ImportOptions {
  /** Whether the export document's time zone becomes the account's (default `auto`; see decideTimeZone). */
  timeZone?: ImportTimeZoneRule | undefined;
}

export interface ImportResult {
  /** Tasks created by this import. */
  created: number;
  /** Tasks of the file the account already had (an earlier import of it, or the same content): not created again. */
  skipped: number;
  timeZone: ImportTimeZone;
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
 * Every task of the plan checked as a create would be; the first invalid one is a 400 naming it.
 * `timeZone` is the account's zone as the import will leave it, the zone its repeating tasks repeat in.
 */
function validateTasks(plan: ImportPlan, timeZone: string): ValidImportedTask[] {
  if (plan.tasks.length > IMPORT_MAX_TASKS) throw invalidRequest(`At most ${IMPORT_MAX_TASKS} tasks can be imported at once`);
  return plan.tasks.map((task, index) => {
    try {
      return { fields: validateNewTask(task.input, timeZone), completedAt: task.completedAt, importKey: task.importKey };
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
  const user = await getUser(ctx);
  const plan =
    source.kind === 'export'
      ? readExportDocument(source.document)
      : await readTodoistCsv(source.text, { accountZone: user.timeZone, now: ctx.clock.now() });
  const rule = options.timeZone ?? 'auto';
  const tasks = validateTasks(plan, decideTimeZone(user.timeZone, plan.documentTimeZone, rule).account);
  const written = await writeImportedTasks(ctx, { tasks, documentTimeZone: plan.documentTimeZone, rule });
  return { ...written, converted: plan.converted, dropped: plan.dropped, rows: plan.rows, rowsNotListed: plan.rowsNotListed };
}
