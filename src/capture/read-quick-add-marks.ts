import { labelKey, LABEL_MAX_LENGTH, LABELS_MAX } from '../tasks/task-labels.js';
import type { Priority } from '../tasks/task-view.js';

/** A list a capture may put its draft in (one the caller may add tasks to), as the capture service is handed it. */
export interface CaptureList {
  id: number;
  name: string;
}

/** Todoist's quick-add marks read out of a note, and the note without them. */
export interface QuickAddMarks {
  /** The note with the marks taken out (an unmatched `#Word` left as `Word`). */
  text: string;
  /** The list a `#Name` mark named; null when none did (the draft goes to the Inbox). */
  listId: number | null;
  /** `@label` marks, in the order written, each once regardless of letter case. */
  labels: string[];
  /** The last `p1`…`p4` or `!urgent`/`!high`/`!medium`/`!low` mark; null when there was none. */
  priority: Priority | null;
}

export type QuickAddMarkKind = 'list' | 'label' | 'priority';
const ALL_KINDS: readonly QuickAddMarkKind[] = ['list', 'label', 'priority'];

/** Todoist's p1 is its most urgent. */
const P_LEVELS: Record<string, Priority> = { p1: 'urgent', p2: 'high', p3: 'medium', p4: 'low' };
const BANG_LEVELS: Record<string, Priority> = { '!urgent': 'urgent', '!high': 'high', '!medium': 'medium', '!low': 'low' };

/** Where a mark may end: the end of the note, a space, or punctuation that ends a sentence or clause. */
const MARK_END = /^(?:$|[\s,.;:!?)\]])/u;
/** A label mark: `@` and a word starting with a letter ("@3pm" is left to the date reader), up to a space or punctuation. */
const LABEL = /^@(\p{L}[^\s#@,.;:!?()[\]]*)/u;
/** A `#` followed by a letter: a list mark, or a hashtag kept as a word when no list has the name. */
const HASH_WORD = /^#(\p{L}[^\s#@,.;:!?()[\]]*)/u;
const PRIORITY = /^(?:[pP][1-4]|![a-zA-Z]+)/u;

/** The list whose name the text after a `#` starts with (longest first, so "#Home Improvement" beats "#Home"). */
function matchList(after: string, lists: readonly CaptureList[]): { list: CaptureList; length: number } | null {
  let best: { list: CaptureList; length: number } | null = null;
  for (const list of lists) {
    // Compared over the name's own length, so the note's offsets stay right whatever lower-casing does.
    const name = list.name.trim();
    const typed = after.slice(0, name.length);
    if (name === '' || typed.toLowerCase() !== name.toLowerCase() || !MARK_END.test(after.slice(name.length))) continue;
    // An earlier list of the same length wins: the caller's own lists come first.
    if (!best || name.length > best.length) best = { list, length: name.length };
  }
  return best;
}

/**
 * Reads Todoist's quick-add marks out of a note: `#Groceries` puts the draft in the caller's list of that
 * name (any letter case; a multi-word name is matched whole), `@store` adds a label, `p1`…`p4` or
 * `!urgent`/`!high`/`!medium`/`!low` set the priority. A mark starts a word (after a space or at the start)
 * and ends at a space or punctuation, so "bob@example.com", "#123" and "map2" are left alone. A `#Word`
 * naming no list stays in the note as `Word`; a label that could not be stored (over 40 characters, or
 * past 20 labels) stays as written. The caller's lists come in as data: the reader reads no database.
 * `kinds` limits which marks are read (a Todoist CSV's CONTENT holds labels, but "#" and "p1" are its title's).
 */
export function readQuickAddMarks(text: string, lists: readonly CaptureList[], kinds: readonly QuickAddMarkKind[] = ALL_KINDS): QuickAddMarks {
  let kept = '';
  let listId: number | null = null;
  const labels: string[] = [];
  const labelKeys = new Set<string>();
  let priority: Priority | null = null;
  let marked = false;
  let i = 0;
  while (i < text.length) {
    const atWordStart = i === 0 || /\s/u.test(text[i - 1]!);
    const rest = text.slice(i);
    if (atWordStart && rest.startsWith('#') && kinds.includes('list')) {
      const list = matchList(rest.slice(1), lists);
      if (list) {
        listId = list.list.id;
        marked = true;
        i += 1 + list.length;
        continue;
      }
      const word = HASH_WORD.exec(rest);
      if (word) {
        kept += word[1];
        marked = true;
        i += word[0].length;
        continue;
      }
    }
    if (atWordStart && rest.startsWith('@') && kinds.includes('label')) {
      const label = LABEL.exec(rest);
      const name = label?.[1];
      if (label && name && [...name].length <= LABEL_MAX_LENGTH && MARK_END.test(rest.slice(label[0].length))) {
        const key = labelKey(name);
        if (labelKeys.has(key) || labels.length < LABELS_MAX) {
          if (!labelKeys.has(key)) labels.push(name);
          labelKeys.add(key);
          marked = true;
          i += label[0].length;
          continue;
        }
      }
    }
    const mark = atWordStart && kinds.includes('priority') ? PRIORITY.exec(rest) : null;
    const level = mark ? (P_LEVELS[mark[0].toLowerCase()] ?? BANG_LEVELS[mark[0].toLowerCase()]) : undefined;
    if (mark && level && MARK_END.test(rest.slice(mark[0].length))) {
      priority = level;
      marked = true;
      i += mark[0].length;
      continue;
    }
    kept += text[i];
    i += 1;
  }
  return { text: marked ? tidyGaps(kept) : text, listId, labels, priority };
}

/** Closes the gaps marks leave ("buy milk  tomorrow"), keeping line breaks (a note and a file's text are two lines). */
function tidyGaps(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]{2,}/g, ' ').trim())
    .join('\n')
    .trim();
}
