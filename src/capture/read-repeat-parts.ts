/**
 * The pieces repeating phrases are built from, read from the words' meanings: lists and ranges of
 * weekdays, ordinals, days of the month, "of every month", dates of the year. extract-recurrence.ts
 * puts them together.
 */
import { isGlue, senseOf, type Sense, type SenseKind, type Weekday, type Word } from './languages/lexicon.js';

export const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export const WORK_WEEK: Weekday[] = [1, 2, 3, 4, 5];
export const WEEKEND: Weekday[] = [6, 7];
export const MAX_GLUE = 3;

export type Found<K extends SenseKind> = { sense: Extract<Sense, { k: K }>; next: number };

/** The word at i (after at most three joining words) if it has the meaning `kind`. */
export function at<K extends SenseKind>(words: readonly Word[], i: number, kind: K): Found<K> | null {
  for (let j = i, skipped = 0; j < words.length && skipped <= MAX_GLUE; j += 1, skipped += 1) {
    const sense = senseOf(words[j], kind);
    if (sense) return { sense, next: j + 1 };
    if (!isGlue(words[j])) return null;
  }
  return null;
}

export function code(day: Weekday): string {
  return CODES[day - 1]!;
}

interface DayList {
  days: Weekday[];
  /** "Sonntagabend": the part of the day said with the day. */
  hour: number | null;
  next: number;
  /** Some day was said as a habit ("Mondays", "montags", "werktags"). */
  habitual: boolean;
  /** Days joined by a range ("Monday to Friday"). */
  ranged: boolean;
}

function dayItem(words: readonly Word[], i: number): { days: Weekday[]; next: number; habitual: boolean; hour?: number } | null {
  const weekday = at(words, i, 'weekday');
  if (weekday) return { days: [weekday.sense.d], next: weekday.next, habitual: false, ...(weekday.sense.hour ? { hour: weekday.sense.hour } : {}) };
  const habitual = at(words, i, 'habitual');
  if (habitual) return { days: [habitual.sense.d], next: habitual.next, habitual: true };
  return null;
}

function rangeDays(from: Weekday, to: Weekday): Weekday[] {
  const days: Weekday[] = [];
  for (let day = from; ; day = ((day % 7) + 1) as Weekday) {
    days.push(day);
    if (day === to || days.length === 7) return days;
  }
}

/** "Monday", "Tue, Thu and Sat", "Monday to Friday", "lunes a viernes", "Mon-Fri". */
export function readDayList(words: readonly Word[], i: number): DayList | null {
  const fromWord = at(words, i, 'from');
  const first = dayItem(words, fromWord ? fromWord.next : i);
  if (!first) return null;
  let { days, next, habitual } = first;
  let ranged = false;
  for (;;) {
    const to = senseOf(words[next], 'to') ? next + 1 : null;
    if (to !== null) {
      const end = dayItem(words, to);
      if (end) {
        days = [...days.slice(0, -1), ...rangeDays(days.at(-1)!, end.days[0]!)];
        next = end.next;
        habitual ||= end.habitual;
        ranged = true;
        continue;
      }
    }
    const joiner = senseOf(words[next], 'and') ? next + 1 : null;
    const item = joiner !== null ? dayItem(words, joiner) : null;
    if (!item) break;
    days = [...days, ...item.days];
    next = item.next;
    habitual ||= item.habitual;
  }
  if (fromWord && !ranged) return null;
  return { days: [...new Set(days)], next, habitual, ranged, hour: first.hour ?? null };
}

/** "except Friday", "außer freitags". */
export function readExcept(words: readonly Word[], i: number, days: Weekday[]): { days: Weekday[]; next: number } | null {
  const except = at(words, i, 'except');
  const list = except ? readDayList(words, except.next) : null;
  if (!except || !list) return null;
  const kept = days.filter((day) => !list.days.includes(day));
  return kept.length > 0 ? { days: kept, next: list.next } : null;
}

/** "first", "2nd and 4th", "last". */
export function readOrdinals(words: readonly Word[], i: number): { ordinals: number[]; next: number } | null {
  const first = at(words, i, 'ord');
  if (!first || first.sense.n === 0 || Math.abs(first.sense.n) > 5) return null;
  const ordinals = [first.sense.n];
  let next = first.next;
  for (;;) {
    const joiner = senseOf(words[next], 'and') ? next + 1 : null;
    const more = joiner !== null ? at(words, joiner, 'ord') : null;
    if (!more || more.sense.n === 0 || Math.abs(more.sense.n) > 5) break;
    ordinals.push(more.sense.n);
    next = more.next;
  }
  return { ordinals, next };
}

/** "of every month", "of the month", "im Monat", "de chaque mois", "del mese"; not "of this month", nor "1 month". */
export function readMonthUnit(words: readonly Word[], i: number): number | null {
  let j = i;
  for (let skipped = 0; j < words.length && isGlue(words[j]) && !senseOf(words[j], 'every') && skipped <= MAX_GLUE; skipped += 1) j += 1;
  if (senseOf(words[j], 'this')) return null;
  if (senseOf(words[j], 'every')) j += 1;
  if (j === i) return null;
  const unit = at(words, j, 'unit');
  return unit?.sense.u === 'month' ? unit.next : null;
}

// A number that is a time of day, not a day of the month: "5pm", "5 pm", "9:30", "18h", "15 Uhr".
export const CLOCK_AFTER = /^\s*(?:[:.h]\s*\d|h\b|am\b|pm\b|a\.m|p\.m|uhr\b|heures?\b|horas?\b|uur\b|o'?clock\b|hrs\b)/i;

export function dayOfMonthAt(words: readonly Word[], i: number, text: string): { day: number; next: number } | null {
  let j = i;
  // "the day 15": es "el día 15", pt "dia 15", it "il giorno 15"
  const dayWord = at(words, j, 'unit');
  if (dayWord?.sense.u === 'day' && (at(words, dayWord.next, 'num') || at(words, dayWord.next, 'ord'))) j = dayWord.next;
  const number = at(words, j, 'ord') ?? at(words, j, 'num');
  if (number && number.sense.n !== -1) {
    const n = number.sense.n;
    const word = words[number.next - 1]!;
    if (n < 1 || n > 31 || CLOCK_AFTER.test(text.slice(word.end))) return null;
    return { day: n, next: number.next };
  }
  // "the last day", "le dernier jour", "l'ultimo giorno"
  const last = at(words, i, 'ord');
  const unit = last?.sense.n === -1 ? at(words, last.next, 'unit') : null;
  if (last && unit?.sense.u === 'day') return { day: -1, next: unit.next };
  return null;
}

/** "the 15th and the last day", "1 y 15", "le 1er et le 15". */
export function readMonthDays(words: readonly Word[], i: number, text: string): { days: number[]; next: number } | null {
  const first = dayOfMonthAt(words, i, text);
  if (!first) return null;
  const days = [first.day];
  let next = first.next;
  for (;;) {
    const joiner = senseOf(words[next], 'and') ? next + 1 : null;
    const more = joiner !== null ? dayOfMonthAt(words, joiner, text) : null;
    if (!more) break;
    days.push(more.day);
    next = more.next;
  }
  return { days: [...new Set(days)], next };
}

/** "August 15", "15th of August", "1 May", "15. August", "15 de agosto". */
export function readDateOfYear(words: readonly Word[], i: number, text: string): { month: number; day: number; next: number } | null {
  const month = at(words, i, 'month');
  if (month) {
    const day = at(words, month.next, 'ord') ?? at(words, month.next, 'num');
    if (day && day.sense.n >= 1 && day.sense.n <= 31 && !CLOCK_AFTER.test(text.slice(words[day.next - 1]!.end))) {
      return { month: month.sense.m, day: day.sense.n, next: day.next };
    }
    return null;
  }
  const day = dayOfMonthAt(words, i, text);
  if (!day || day.day < 1) return null;
  const after = at(words, day.next, 'month');
  return after ? { month: after.sense.m, day: day.day, next: after.next } : null;
}

