import { invalidRequest } from '../errors.js';
import { DESCRIPTION_MAX_LENGTH } from '../tasks/task-input.js';
import type { Priority } from '../tasks/task-view.js';
import { validateTimeZone } from '../users/time-zone.js';
import { importKeyOf, numberRepeatedKeys } from './import-key.js';
import {
  noneConverted,
  noneDropped,
  type ImportConverted,
  type ImportDropped,
  type ImportPlan,
  type ImportRowProblem,
  type ImportedTask,
} from './import-plan.js';
import { parseCsv, type CsvRecord } from './parse-csv.js';
import { readTodoistDate, type TodoistDate, type TodoistDateOptions } from './read-todoist-date.js';
import { readQuickAddMarks } from '../capture/read-quick-add-marks.js';

/** At most this many row problems are listed in an answer; the rest are only counted. */
export const MAX_LISTED_ROW_PROBLEMS = 100;

// Todoist writes its API priority in the CSV: 4 is p1 (urgent), 1 is p4 (none), and an empty cell p4.
const TODOIST_PRIORITIES: Record<string, Priority> = { '': 'low', '4': 'urgent', '3': 'high', '2': 'medium', '1': 'low' };

/** The `ref` of a Todoist CSV's one list in the plan. */
const TODOIST_LIST = 'todoist';

interface TaskRow {
  line: number;
  fields: Record<string, string>;
  section: string | null;
  notes: Array<{ line: number; text: string }>;
}

const codePoints = (text: string) => [...text].length;

/**
 * Reads a Todoist CSV export (columns TYPE, CONTENT, DESCRIPTION, PRIORITY, INDENT, AUTHOR, RESPONSIBLE,
 * DATE, DATE_LANG, TIMEZONE, DURATION, DURATION_UNIT, DEADLINE, DEADLINE_LANG): a `task` row is a task,
 * a `note` row is appended to the description of the task above it, a `section` row's name heads the
 * descriptions of the tasks under it. Every task goes into one list, `options.list` (a checked name);
 * `@label` words of CONTENT become labels and leave the title. What has no place in Tickler is counted
 * as dropped; what could not be read is listed per row, and the row is imported without it.
 */
export async function readTodoistCsv(text: string, options: { accountZone: string; now: Date; list: string }): Promise<ImportPlan> {
  const [header, ...records] = parseCsv(text);
  const columns = (header?.cells ?? []).map((name) => name.trim().toUpperCase());
  if (!columns.includes('TYPE') || !columns.includes('CONTENT')) {
    throw invalidRequest('The CSV is not a Todoist export: it needs the columns TYPE and CONTENT');
  }
  const converted = noneConverted();
  const dropped = noneDropped();
  const problems: ImportRowProblem[] = [];
  const report = (row: number, problem: string) => problems.push({ row, problem });

  const rows = collectTaskRows(records, columns, report, converted, dropped);

  const phrases = rows.some((row) => row.fields.DATE && !/^\d{4}-\d{2}-\d{2}/.test(row.fields.DATE));
  const parse = phrases ? (await import('../capture/parse-task-text.js')).parseTaskText : undefined;
  const readDates = new Map<string, TodoistDate>();
  const tasks = rows.map((row): ImportedTask => {
    const cell = (name: string) => row.fields[name] ?? '';
    let zone = options.accountZone;
    if (cell('TIMEZONE')) {
      try {
        zone = validateTimeZone(cell('TIMEZONE'));
      } catch {
        report(row.line, `TIMEZONE "${cell('TIMEZONE').slice(0, 64)}" is not an IANA time zone; its DATE was read in the account's zone, ${options.accountZone}`);
      }
    }
    let priority = TODOIST_PRIORITIES[cell('PRIORITY')];
    if (!priority) {
      report(row.line, `PRIORITY "${cell('PRIORITY').slice(0, 20)}" is not 1 to 4; the task is low priority`);
      priority = 'low';
    }
    let dueAt: string | null = null;
    let recurrence: string | null = null;
    let keptDate = '';
    if (cell('DATE')) {
      const dateOptions: TodoistDateOptions = { zone, now: options.now, language: cell('DATE_LANG'), parse: parse! };
      // The parser takes milliseconds a phrase; an export repeats its phrases ("every day") many times.
      const memo = `${cell('DATE')}\u0000${zone}\u0000${dateOptions.language}`;
      const date = readDates.get(memo) ?? readTodoistDate(cell('DATE'), dateOptions);
      readDates.set(memo, date);
      if (date.kind === 'unread') {
        dropped.dates += 1;
        keptDate = cell('DATE');
        report(row.line, `DATE "${cell('DATE').slice(0, 100)}" ${date.remark}: the task is undated, the text is kept in its description`);
      } else {
        ({ dueAt, recurrence } = date);
        if (date.kind === 'phrase') converted.datePhrases += 1;
        if (date.remark) {
          keptDate = cell('DATE');
          report(row.line, `DATE "${cell('DATE').slice(0, 100)}": ${date.remark}`);
        }
      }
    }
    if (cell('DURATION')) dropped.duration += 1;
    if (cell('DEADLINE')) dropped.deadline += 1;
    if (cell('RESPONSIBLE')) dropped.responsible += 1;
    if (cell('AUTHOR')) dropped.author += 1;
    if (Number(cell('INDENT')) > 1) dropped.indent += 1;
    const description = describe(row, cell('DESCRIPTION'), keptDate, converted, dropped, report);
    // Todoist writes a task's labels into its CONTENT ("Buy milk @store"); only those marks are read.
    const content = readQuickAddMarks(cell('CONTENT'), [], ['label']);
    return {
      // A task that is nothing but labels keeps them as its title too, rather than failing the import.
      input: { title: content.text || cell('CONTENT'), description, dueAt, priority, recurrence, labels: content.labels },
      completedAt: null,
      importKey: importKeyOf('todoist', row.fields),
      line: row.line,
      listRef: TODOIST_LIST,
    };
  });
  numberRepeatedKeys(tasks.map((task) => task.importKey)).forEach((key, index) => {
    tasks[index]!.importKey = key;
  });
  // Rows are read in two passes (notes and sections, then tasks); the answer lists them in file order.
  problems.sort((a, b) => a.row - b.row);
  return {
    tasks,
    lists: tasks.length > 0 ? [{ ref: TODOIST_LIST, name: options.list, color: null, inbox: false }] : [],
    documentTimeZone: null,
    converted,
    dropped,
    rows: problems.slice(0, MAX_LISTED_ROW_PROBLEMS),
    rowsNotListed: Math.max(0, problems.length - MAX_LISTED_ROW_PROBLEMS),
  };
}

/** The task rows with their section and notes; sections without tasks and notes without a task are dropped. */
function collectTaskRows(
  records: CsvRecord[],
  columns: string[],
  report: (row: number, problem: string) => void,
  converted: ImportConverted,
  dropped: ImportDropped,
): TaskRow[] {
  const rows: TaskRow[] = [];
  let section: { name: string; used: boolean } | null = null;
  let above: TaskRow | null = null;
  const closeSection = () => {
    if (section && !section.used) dropped.sections += 1;
  };
  for (const record of records) {
    const fields: Record<string, string> = {};
    columns.forEach((name, index) => {
      fields[name] = (record.cells[index] ?? '').trim();
    });
    const type = fields.TYPE!.toLowerCase();
    const content = fields.CONTENT!;
    if (record.cells.every((cell) => cell.trim() === '')) continue;
    if (type === 'task') {
      above = { line: record.line, fields, section: section?.name ?? null, notes: [] };
      if (section && !section.used) {
        section.used = true;
        converted.sections += 1;
      }
      rows.push(above);
    } else if (type === 'note') {
      if (above) above.notes.push({ line: record.line, text: content });
      else {
        dropped.notes += 1;
        report(record.line, 'a note with no task above it was left out');
      }
    } else if (type === 'section') {
      closeSection();
      section = { name: content, used: false };
      // A note right under a section row belongs to no task.
      above = null;
    } else if (type !== 'meta') {
      // `meta` rows carry Todoist's view settings (view_style), which have no meaning here.
      report(record.line, `TYPE "${type.slice(0, 20)}" is not task, section or note; the row was left out`);
    }
  }
  closeSection();
  return rows;
}

/** The description: the section, Todoist's description, the notes (as many as fit) and a DATE not read. */
function describe(
  row: TaskRow,
  text: string,
  keptDate: string,
  converted: ImportConverted,
  dropped: ImportDropped,
  report: (row: number, problem: string) => void,
): string {
  const head = [row.section === null ? '' : `Todoist section: ${row.section}`, text].filter(Boolean);
  const tail = keptDate ? [`Todoist date: ${keptDate}`] : [];
  const paragraphs = [...head];
  const room = () => DESCRIPTION_MAX_LENGTH - codePoints([...paragraphs, ...tail].join('\n\n'));
  for (const note of row.notes) {
    const paragraph = `Todoist note: ${note.text}`;
    if (codePoints(paragraph) + 2 <= room()) {
      paragraphs.push(paragraph);
      converted.notes += 1;
    } else {
      dropped.notes += 1;
      report(note.line, `the note did not fit in the task's description (at most ${DESCRIPTION_MAX_LENGTH} characters) and was left out`);
    }
  }
  return [...paragraphs, ...tail].join('\n\n');
}
