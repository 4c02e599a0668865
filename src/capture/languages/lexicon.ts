/**
 * The words of one language that repeating phrases and reminder requests are made of, as meanings
 * ("jeden", "tous les", "cada" → every). The grammars that read them (extract-recurrence.ts,
 * extract-remind-before.ts) work on meanings only, so they are shared by every language.
 */

/** 1 = Monday … 7 = Sunday (ISO). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export type Unit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

export type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

export type Sense =
  /** every, each, jeden, tous les, cada, todo, elke, ogni. `otherWhenBare`: Dutch "om de week" is every other week. */
  | { k: 'every'; otherWhenBare?: boolean }
  /** "other" in "every other": twice the interval. */
  | { k: 'other' }
  | { k: 'num'; n: number }
  /** 1st, first, erste; -1 last, -2 second to last. */
  | { k: 'ord'; n: number }
  /** `hour`: a weekday said with a part of the day, "Sonntagabend". */
  | { k: 'weekday'; d: Weekday; hour?: number }
  /** A weekday said as a habit: "Mondays", "montags", "los lunes", "às segundas". */
  | { k: 'habitual'; d: Weekday }
  /** weekday(s), workday(s), Werktag: Monday to Friday. `habitual`: "weekdays", "werktags" on their own repeat. */
  | { k: 'weekdays'; habitual?: boolean }
  | { k: 'weekend'; habitual?: boolean }
  | { k: 'unit'; u: Unit }
  /** daily, biweekly, monatlich. `free`: repeats wherever it stands ("täglich"); else only where a schedule word follows ("daily at 7", not "daily standup"). */
  | { k: 'adverb'; freq: Freq; interval: number; free?: boolean }
  /** hourly, stündlich: repeats more often than a task can. */
  | { k: 'subdaily'; minutes: number; free?: boolean }
  /** morning, evening, abends: the hour it stands for. `habitual`: "mornings", "abends" repeat daily on their own. */
  | { k: 'part'; hour: number; habitual?: boolean }
  | { k: 'month'; m: number }
  /** and, ",", &, und, et, y, e, en, ed */
  | { k: 'and' }
  | { k: 'except' }
  | { k: 'until' }
  /** "for 10 weeks"; `after`: it follows the amount ("10 Wochen lang"). */
  | { k: 'for'; after?: boolean }
  /** "10 times" */
  | { k: 'times' }
  /** Range words: "from Monday to Friday", "du lundi au vendredi", "Mon-Fri". */
  | { k: 'from' }
  | { k: 'to' }
  /** this / next month: the phrase names one month, not every month. */
  | { k: 'this' }
  /** "sur" in "un lundi sur deux": one in N. */
  | { k: 'outOf' }
  /**
   * remind, erinnern, rappeler. `toMe`: the request names the speaker ("remind me", "erinnere mich",
   * "recuérdame"); only such a request opens a list of reminders, so a title that merely says
   * "erinnern" or "ricorda" stays a title.
   */
  | { k: 'remind'; toMe?: boolean }
  /** The noun "reminder", "Erinnerung", "rappel". */
  | { k: 'reminder' }
  | { k: 'before' }
  /** "at the time", "pünktlich", "à l'heure". */
  | { k: 'onTime' }
  /** A fixed amount of time: "half an hour", "eine halbe Stunde", "mezz'ora". */
  | { k: 'duration'; minutes: number }
  /** Words that only join others: the, of, on, am, du, de, del, op, il. Skipped by the grammars. */
  | { k: 'glue' };

export type SenseKind = Sense['k'];

export interface Lexicon {
  /** Lower case, diacritics removed; a key may be several words separated by single spaces. */
  words: Record<string, Sense | Sense[]>;
  /** Digits with an ordinal ending, e.g. /^(\d+)(?:st|nd|rd|th)$/ for "1st". */
  ordinalSuffix: RegExp;
  /** German "15." is the fifteenth. */
  dotOrdinals?: boolean;
  /**
   * "every 3rd Friday" without "of the month": English reads it as the 3rd Friday of each month (as
   * Todoist does; "every other" says every two weeks); German "jeden zweiten Mittwoch" and Dutch "elke
   * tweede woensdag" are every other Wednesday. Default: monthly.
   */
  nthWeekdayIsInterval?: boolean;
}

export interface Word {
  start: number;
  end: number;
  /** As written. */
  text: string;
  senses: Sense[];
}

/** Lower case without accents: "Sábado" → "sabado", "VENERDÌ" → "venerdi". */
export function foldWord(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

// Words (with inner hyphens: "segunda-feira", "après-demain") or any other single visible character.
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:-[\p{L}\p{M}\p{N}]+)*|\S/gu;
const MAX_PHRASE_WORDS = 4;

interface Piece {
  start: number;
  end: number;
  text: string;
}

function splitHyphens(piece: Piece, lexicon: Lexicon): Piece[] {
  if (!piece.text.includes('-') || lexicon.words[foldWord(piece.text)] !== undefined) return [piece];
  // "Mon-Fri", "lundi-vendredi": the parts and a range mark between them.
  const parts: Piece[] = [];
  let offset = piece.start;
  for (const [index, part] of piece.text.split('-').entries()) {
    if (index > 0) {
      parts.push({ start: offset, end: offset + 1, text: '-' });
      offset += 1;
    }
    parts.push({ start: offset, end: offset + part.length, text: part });
    offset += part.length;
  }
  return parts;
}

function sensesOf(key: string, lexicon: Lexicon): Sense[] | null {
  const entry = lexicon.words[key];
  if (entry === undefined) return null;
  return Array.isArray(entry) ? entry : [entry];
}

function numberSenses(key: string, lexicon: Lexicon): Sense[] | null {
  if (/^\d{1,4}$/.test(key)) return [{ k: 'num', n: Number(key) }];
  const ordinal = lexicon.ordinalSuffix.exec(key);
  if (ordinal) return [{ k: 'ord', n: Number(ordinal[1]) }];
  // "10min", "1h": an amount of time written as one word, in every language.
  const short = /^(\d{1,3})(m|mins?|h|hrs?|d)$/.exec(key);
  if (short) return [{ k: 'duration', minutes: Number(short[1]) * (short[2] === 'd' ? 1440 : short[2]!.startsWith('h') ? 60 : 1) }];
  return null;
}

// German "15." followed by a space, a letter or the end is the fifteenth; "15.08." is a date.
function dotOrdinalAt(pieces: readonly Piece[], i: number, text: string, lexicon: Lexicon): boolean {
  const dot = pieces[i + 1];
  return lexicon.dotOrdinals === true && /^\d{1,2}$/.test(pieces[i]!.text) && dot?.text === '.' && dot.start === pieces[i]!.end && !/^\d/.test(text.slice(dot.end));
}

/**
 * The text as words with their meanings in `lexicon`. Several words that form one entry ("every
 * other", "tous les", "a settimane alterne") become one word; the longest entry wins.
 */
export function readWords(text: string, lexicon: Lexicon): Word[] {
  const pieces: Piece[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const piece = { start: match.index, end: match.index + match[0].length, text: match[0] };
    pieces.push(...splitHyphens(piece, lexicon));
  }
  const words: Word[] = [];
  for (let i = 0; i < pieces.length; ) {
    let matched = false;
    for (let length = Math.min(MAX_PHRASE_WORDS, pieces.length - i); length >= 1 && !matched; length -= 1) {
      const run = pieces.slice(i, i + length);
      const key = run.map((piece) => foldWord(piece.text)).join(' ');
      if (length === 1 && dotOrdinalAt(pieces, i, text, lexicon)) {
        const end = pieces[i + 1]!.end;
        words.push({ start: run[0]!.start, end, text: text.slice(run[0]!.start, end), senses: [{ k: 'ord', n: Number(key) }] });
        i += 2;
        matched = true;
        continue;
      }
      const senses = sensesOf(key, lexicon) ?? (length === 1 ? numberSenses(key, lexicon) : null);
      if (!senses) continue;
      const end = run.at(-1)!.end;
      const consumed = length;
      words.push({ start: run[0]!.start, end, text: text.slice(run[0]!.start, end), senses });
      i += consumed;
      matched = true;
    }
    if (!matched) {
      const piece = pieces[i]!;
      words.push({ start: piece.start, end: piece.end, text: piece.text, senses: [] });
      i += 1;
    }
  }
  return words;
}

export function senseOf<K extends SenseKind>(word: Word | undefined, kind: K): Extract<Sense, { k: K }> | undefined {
  return word?.senses.find((sense): sense is Extract<Sense, { k: K }> => sense.k === kind);
}

export function isGlue(word: Word | undefined): boolean {
  return word !== undefined && word.senses.some((sense) => sense.k === 'glue');
}

/** Words from groups of "|"-separated spellings, each group with its meaning(s); a spelling in two groups has both. */
export function defineWords(groups: ReadonlyArray<readonly [spellings: string, sense: Sense | Sense[]]>): Record<string, Sense[]> {
  const words: Record<string, Sense[]> = {};
  for (const [spellings, sense] of groups) {
    for (const spelling of spellings.split('|')) {
      const key = foldWord(spelling.trim()).replace(/\s+/g, ' ');
      if (key === '') continue;
      (words[key] ??= []).push(...(Array.isArray(sense) ? sense : [sense]));
    }
  }
  return words;
}

/** Weekday spellings, Monday first: each group's spellings mean that day. */
export function weekdayWords(days: readonly string[], kind: 'weekday' | 'habitual' = 'weekday'): Array<readonly [string, Sense]> {
  return days.map((spellings, index) => [spellings, { k: kind, d: (index + 1) as Weekday }] as const);
}

/** Month spellings, January first. */
export function monthWords(months: readonly string[]): Array<readonly [string, Sense]> {
  return months.map((spellings, index) => [spellings, { k: 'month', m: index + 1 }] as const);
}

/** Number words: spellings for 1, 2, 3 … in order ("" to skip one). */
export function numberWords(numbers: readonly string[], kind: 'num' | 'ord' = 'num'): Array<readonly [string, Sense]> {
  return numbers.map((spellings, index) => [spellings, { k: kind, n: index + 1 }] as const).filter(([spellings]) => spellings !== '');
}
