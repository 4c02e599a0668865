import { DateTime } from 'luxon';
import type { parseTaskText } from '../capture/parse-task-text.js';
import { parseInstant } from '../tasks/parse-instant.js';

/** A Todoist DATE as read: a due time (RFC 3339) and, for a repeating phrase, its rule. */
export type TodoistDate =
  | { kind: 'exact' | 'phrase'; dueAt: string; recurrence: string | null; remark: string }
  /** Not understood: the task stays undated and the text is kept (`remark` says why). */
  | { kind: 'unread'; remark: string };

export interface TodoistDateOptions {
  /** The row's TIMEZONE when valid, else the account's. */
  zone: string;
  now: Date;
  /** The row's DATE_LANG ("en", "de", …; "" when none). */
  language: string;
  /** The capture parser, loaded when the first phrase needs it (see capture-task.ts: it is large). */
  parse: typeof parseTaskText;
}

/** The time a Todoist date without one is placed at, as capture places "tomorrow". */
const DEFAULT_TIME = '09:00';

// The parser answering no rule for a phrase that says "every" has read only part of it (e.g. "every
// last friday" as last Friday): better undated and said so than a one-off on the wrong day.
const REPEAT_WORD = /\bevery\b/i;

function exactDueAt(date: string, zone: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2})(?::\d{2})?)?$/.exec(date);
  if (!match) return null;
  const local = DateTime.fromISO(`${match[1]}T${match[2] ?? DEFAULT_TIME}`, { zone });
  const iso = local.isValid ? local.toUTC().toISO() : null;
  // The same range check as any dueAt (years 0001-9999), so a row never fails the whole import later.
  return iso !== null && parseInstant(iso) ? iso : null;
}

/**
 * Reads a Todoist DATE: `YYYY-MM-DD` (at 09:00) or `YYYY-MM-DD HH:MM` exactly, anything else ("every
 * monday", "Dec 1 at 5pm") with the capture parser, in `zone` and relative to `now`. A phrase counts as
 * read only when the parser used all of it.
 */
export function readTodoistDate(date: string, options: TodoistDateOptions): TodoistDate {
  if (/^\d{4}-\d{2}-\d{2}/.test(date)) {
    const dueAt = exactDueAt(date, options.zone);
    return dueAt ? { kind: 'exact', dueAt, recurrence: null, remark: '' } : { kind: 'unread', remark: 'is not a real date from 0001 to 9999' };
  }
  // parseTaskText reads English only so far; once it takes a language, options.language goes to it here.
  const draft = options.parse(date, { now: options.now, timeZone: options.zone, defaultTime: DEFAULT_TIME });
  const understood =
    draft.title === '' &&
    draft.dueAt !== null &&
    parseInstant(draft.dueAt.toISOString()) !== null &&
    !(REPEAT_WORD.test(date) && draft.recurrence === null && draft.description === '');
  if (!understood) {
    const language = options.language && options.language.toLowerCase() !== 'en' ? ` (DATE_LANG ${options.language}; only English phrases are read so far)` : '';
    return { kind: 'unread', remark: `was not understood${language}` };
  }
  return { kind: 'phrase', dueAt: draft.dueAt!.toISOString(), recurrence: draft.recurrence, remark: draft.description };
}
