import { parseTaskText } from '../../../src/capture/parse-task-text.js';
import { normalizeRecurrence } from '../../../src/tasks/recurrence-rule.js';
import type { CaptureLanguage } from '../../../src/capture/languages/capture-language.js';
import type { PhraseCase, PhraseTable } from './phrase-table.js';

export const KINDS = ['title', 'date', 'time', 'recurrence', 'reminder'] as const;
export type Kind = (typeof KINDS)[number];

export interface Miss {
  table: string;
  text: string;
  wrong: Kind[];
  want: Omit<PhraseCase, 'text' | 'source' | 'note'>;
  got: Omit<PhraseCase, 'text' | 'source' | 'note'>;
}

export interface Score {
  total: number;
  exact: number;
  /** Right per kind. */
  kinds: Record<Kind, number>;
  /** Phrases that repeat (by the expectation). */
  repeating: number;
  /** Missed phrases whose expectation the parser's author disputes (a `note` starting "Disputed"), counted as misses. */
  disputed: number;
  misses: Miss[];
}

function emptyScore(): Score {
  return { total: 0, exact: 0, kinds: { title: 0, date: 0, time: 0, recurrence: 0, reminder: 0 }, repeating: 0, disputed: 0, misses: [] };
}

/** Two rules are the same when they have the same parts with the same values in any order ("BYDAY=TH,TU" is "BYDAY=TU,TH"). */
export function sameRule(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return a === b;
  const canonical = (rule: string) => {
    try {
      return normalizeRecurrence(rule)
        .split(';')
        .map((part) => {
          const [name, value = ''] = part.split('=');
          return `${name}=${value.split(',').sort().join(',')}`;
        })
        .sort()
        .join(';');
    } catch {
      return rule;
    }
  };
  return canonical(a) === canonical(b);
}

/** Parses every phrase of the tables in its table's language, zone and now, and counts what is right. */
export function scoreTables(tables: readonly PhraseTable[]): Map<CaptureLanguage | 'all', Score> {
  const scores = new Map<CaptureLanguage | 'all', Score>([['all', emptyScore()]]);
  for (const table of tables) {
    const options = { now: table.now, timeZone: table.timeZone, defaultTime: table.defaultTime, language: table.language };
    for (const phrase of table.cases) {
      const draft = parseTaskText(phrase.text, options);
      const got = { title: draft.title, date: draft.date, time: draft.time, recurrence: draft.recurrence, remindBefore: draft.remindBefore };
      const want = { title: phrase.title, date: phrase.date, time: phrase.time, recurrence: phrase.recurrence, remindBefore: phrase.remindBefore };
      const right: Record<Kind, boolean> = {
        title: got.title === want.title,
        date: got.date === want.date,
        time: got.time === want.time,
        recurrence: sameRule(got.recurrence, want.recurrence),
        reminder: got.remindBefore === want.remindBefore,
      };
      const wrong = KINDS.filter((kind) => !right[kind]);
      for (const key of [table.language, 'all'] as const) {
        const score = scores.get(key) ?? emptyScore();
        scores.set(key, score);
        score.total += 1;
        if (want.recurrence !== null) score.repeating += 1;
        for (const kind of KINDS) if (right[kind]) score.kinds[kind] += 1;
        if (wrong.length === 0) score.exact += 1;
        else if (phrase.note?.startsWith('Disputed')) score.disputed += 1;
        if (wrong.length > 0 && key !== 'all') score.misses.push({ table: table.name, text: phrase.text, wrong, want, got });
      }
    }
  }
  return scores;
}

const percent = (part: number, whole: number) => (whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`);

/** One line per language and the total: exact, then right per kind. */
export function formatScores(scores: Map<CaptureLanguage | 'all', Score>): string {
  const lines = [`language  phrases  repeating  exact            ${KINDS.map((kind) => kind.padEnd(10)).join(' ')} disputed misses`];
  for (const [language, score] of scores) {
    const exact = `${score.exact}/${score.total} ${percent(score.exact, score.total)}`;
    lines.push(
      `${language.padEnd(9)} ${String(score.total).padStart(7)}  ${String(score.repeating).padStart(9)}  ${exact.padEnd(16)} ${KINDS.map((kind) => percent(score.kinds[kind], score.total).padEnd(10)).join(' ')} ${score.disputed}`,
    );
  }
  return lines.join('\n');
}

export function formatMisses(score: Score): string {
  return score.misses
    .map((miss) => `  [${miss.table}] ${JSON.stringify(miss.text)} (${miss.wrong.join(', ')}): want ${JSON.stringify(miss.want)}, got ${JSON.stringify(miss.got)}`)
    .join('\n');
}
