import type { NewTaskInput } from '../tasks/task-input.js';

/** One task to import: the input of a create, when it was completed (null: pending) and its import key. */
export interface ImportedTask {
  input: NewTaskInput;
  completedAt: Date | null;
  /** See import-key.ts: the same entry of the same file always has the same key. */
  importKey: string;
  /** The CSV line the task's row starts on, for error messages. */
  line?: number;
  /** The `ref` of the plan's list it goes into; null: the importer's Inbox. */
  listRef: string | null;
}

/**
 * A list of an import file: the exporter's Inbox becomes the importer's Inbox; any other list becomes
 * the importer's own list of that name (any letter case), made when they have none. Members are not
 * re-invited.
 */
export interface ImportedList {
  /** How the file's tasks name it: an export's list id, or `todoist` for a Todoist CSV's one list. */
  ref: string;
  /** Checked as a list name. */
  name: string;
  color: string | null;
  inbox: boolean;
}

/** What an import kept in another form than the file had it: each kind and what it means (the answer's documentation). */
export const CONVERTED_KINDS = {
  notes: "Todoist notes (comments) appended to their task's description as `Todoist note: …`",
  sections: "Todoist sections whose name heads their tasks' descriptions as `Todoist section: …` (the file's tasks go into one list)",
  datePhrases: 'Todoist DATE phrases ("every monday", "Dec 1 at 5pm") read into a due time and, when they repeat, a rule',
} as const;

/** What an import left out: each kind and what it means. */
export const DROPPED_KINDS = {
  notes: 'Todoist notes with no task above them, or that did not fit in the description',
  sections: 'Todoist sections with no task under them',
  dates: 'Todoist DATEs not understood: the task is undated and the text is kept in its description as `Todoist date: …`',
  duration: 'Todoist DURATIONs (tasks have no duration)',
  deadline: 'Todoist DEADLINEs (tasks have no deadline besides the due time)',
  responsible: 'Todoist RESPONSIBLE assignees (the people of a Todoist project are not members of the imported list)',
  author: 'Todoist AUTHORs',
  indent: 'Todoist sub-tasks (INDENT over 1): imported as tasks of their own, without the hierarchy',
  completions: "An export's completed-occurrence history of repeating tasks",
  members: "Other members of an export's lists (counted once per list): they are not re-invited; invite them again",
  assignees: "An export's task assignees: the imported tasks are unassigned (their lists' members are not re-invited)",
  webhookEndpoints: "An export's webhook endpoints (their secrets are not in it: set them up again)",
  pushSubscriptions: "An export's push subscriptions (their keys are not in it: turn reminders on again on each device)",
  calendarFeed: "An export's calendar feed, when it was on (its URL is not in it: turn it on again)",
} as const;

export type ImportConverted = Record<keyof typeof CONVERTED_KINDS, number>;
export type ImportDropped = Record<keyof typeof DROPPED_KINDS, number>;

/** A Todoist CSV row read with a problem; the row was still imported as `problem` says. */
export interface ImportRowProblem {
  /** The line of the file the row starts on (the header is line 1). */
  row: number;
  problem: string;
}

/** What a reader made of an import file. */
export interface ImportPlan {
  tasks: ImportedTask[];
  /** The lists the tasks go into, besides the Inbox. */
  lists: ImportedList[];
  /** The export document's `user.timeZone`; null for a Todoist CSV or a document without one. */
  documentTimeZone: string | null;
  converted: ImportConverted;
  dropped: ImportDropped;
  /** The first MAX_LISTED_ROW_PROBLEMS row problems. */
  rows: ImportRowProblem[];
  /** How many more row problems there were. */
  rowsNotListed: number;
}

const zeros = <K extends string>(kinds: Record<K, string>) => Object.fromEntries(Object.keys(kinds).map((kind) => [kind, 0])) as Record<K, number>;

export const noneConverted = (): ImportConverted => zeros(CONVERTED_KINDS);

export const noneDropped = (): ImportDropped => zeros(DROPPED_KINDS);
