import { isGlue, senseOf, type Freq, type Lexicon, type Unit, type Weekday, type Word } from './languages/lexicon.js';
import {
  at,
  CLOCK_AFTER,
  code,
  CODES,
  readDateOfYear,
  readDayList,
  readExcept,
  readMonthDays,
  readMonthUnit,
  readOrdinals,
  WEEKEND,
  WORK_WEEK,
} from './read-repeat-parts.js';
import { readEnd } from './read-repeat-end.js';
import type { TextSpan } from './text-span.js';

/** The repeat a phrase names, before its first occurrence is known; missing positions come from that occurrence. */
export interface RepeatRule {
  freq: Freq;
  interval: number;
  /** RRULE weekdays: "MO", or with an ordinal for monthly rules, "2TU", "-1FR". */
  byDay: string[] | null;
  /** 15, -1 (the last day). */
  byMonthDay: number[] | null;
  byMonth: number | null;
  count: number | null;
  /** "for 10 weeks": turned into UNTIL once the first occurrence is known. */
  span: { n: number; unit: Unit } | null;
}

export type RepeatShape = RepeatRule | { freq: 'SUBDAILY'; minutes: number };

export interface RecurrencePhrase {
  /** The words of the repeat (and of its end), left out of the title and hidden from the date parser. */
  spans: TextSpan[];
  repeat: RepeatShape;
  /** "every evening", "jeden Morgen": the hour the part of the day stands for. */
  partOfDayHour: number | null;
  /** "until Dec 31": where the end date's words start; the date parser reads them. */
  untilAt: number | null;
}

interface Core {
  shape: RepeatShape;
  next: number;
  partOfDayHour: number | null;
}

const rule = (freq: Freq, interval: number, extra: Partial<RepeatRule> = {}): RepeatRule => ({
  freq,
  interval,
  byDay: null,
  byMonthDay: null,
  byMonth: null,
  count: null,
  span: null,
  ...extra,
});

function weeklyOn(days: Weekday[], interval: number): RepeatRule {
  return rule('WEEKLY', interval, { byDay: days.map(code) });
}

function monthlyOn(ordinals: number[], days: Weekday[]): RepeatRule {
  return rule('MONTHLY', 1, { byDay: ordinals.flatMap((n) => days.map((day) => `${n}${code(day)}`)) });
}

function unitRule(unit: Unit, interval: number): RepeatShape {
  switch (unit) {
    case 'minute':
      return { freq: 'SUBDAILY', minutes: interval };
    case 'hour':
      return { freq: 'SUBDAILY', minutes: interval * 60 };
    case 'day':
      return rule('DAILY', interval);
    case 'week':
      return rule('WEEKLY', interval);
    case 'month':
      return rule('MONTHLY', interval);
    case 'year':
      return rule('YEARLY', interval);
  }
}

/** What follows "every" (and "other" or a number): a unit, days, a position in the month, a date. */
function readAfterEvery(words: readonly Word[], i: number, text: string, bareMeansOther: boolean, nthIsInterval: boolean): Core | null {
  let j = i;
  let interval = 1;
  let counted = false;
  const other = at(words, j, 'other');
  if (other) {
    interval = 2;
    j = other.next;
    counted = true;
  }

  // "every first Monday of the month", "tous les premiers lundis du mois", "jeden zweiten Dienstag"
  const ordinals = !counted ? readOrdinals(words, j) : null;
  const ordinalDays = ordinals ? readDayList(words, ordinals.next) : null;
  if (ordinals && ordinalDays) {
    const monthEnd = readMonthUnit(words, ordinalDays.next);
    if (monthEnd !== null) return { shape: monthlyOn(ordinals.ordinals, ordinalDays.days), next: monthEnd, partOfDayHour: null };
    const [n] = ordinals.ordinals;
    // Without "of the month": "jeden zweiten Dienstag" is every other Tuesday where the language says so;
    // "every 3rd Friday", "every first/last Monday" are monthly.
    if (nthIsInterval && ordinals.ordinals.length === 1 && n !== undefined && n >= 2) {
      return { shape: weeklyOn(ordinalDays.days, n), next: ordinalDays.next, partOfDayHour: null };
    }
    return { shape: monthlyOn(ordinals.ordinals, ordinalDays.days), next: ordinalDays.next, partOfDayHour: null };
  }

  // "every 15th of the month", "tous les 15 du mois", "every last day of the month"
  const monthDays = !counted ? readMonthDays(words, j, text) : null;
  if (monthDays) {
    const monthEnd = readMonthUnit(words, monthDays.next);
    if (monthEnd !== null) return { shape: rule('MONTHLY', 1, { byMonthDay: monthDays.days }), next: monthEnd, partOfDayHour: null };
  }

  // "jede zweite Woche", "ogni secondo giorno", "every third day"
  const nth = !counted ? at(words, j, 'ord') : null;
  const nthUnit = nth && nth.sense.n >= 2 ? senseOf(words[nth.next], 'unit') : undefined;
  if (nth && nthUnit) return { shape: unitRule(nthUnit.u, nth.sense.n), next: nth.next + 1, partOfDayHour: null };

  // "every August 15", "each 1 May", "cada 15 de agosto"
  const date = !counted ? readDateOfYear(words, j, text) : null;
  if (date) return { shape: rule('YEARLY', 1, { byMonth: date.month, byMonthDay: [date.day] }), next: date.next, partOfDayHour: null };

  const amount = !counted ? at(words, j, 'num') : null;
  if (amount && amount.sense.n >= 1) {
    interval = amount.sense.n;
    j = amount.next;
    counted = true;
  }

  const unit = at(words, j, 'unit');
  if (unit) {
    // pt "todo dia 5", es "todos los días 15": a day of the month.
    if (unit.sense.u === 'day' && !counted) {
      const day = senseOf(words[unit.next], 'num') ? { sense: senseOf(words[unit.next], 'num')!, next: unit.next + 1 } : null;
      if (day && day.sense.n >= 1 && day.sense.n <= 31 && !CLOCK_AFTER.test(text.slice(words[day.next - 1]!.end)) && !at(words, day.next, 'unit')) {
        return { shape: rule('MONTHLY', 1, { byMonthDay: [day.sense.n] }), next: day.next, partOfDayHour: null };
      }
    }
    const effective = !counted && bareMeansOther ? 2 : interval;
    return { shape: unitRule(unit.sense.u, effective), next: unit.next, partOfDayHour: null };
  }
  const weekdays = at(words, j, 'weekdays');
  if (weekdays) return { shape: weeklyOn(WORK_WEEK, interval), next: weekdays.next, partOfDayHour: null };
  const weekend = at(words, j, 'weekend');
  if (weekend) return { shape: weeklyOn(WEEKEND, interval), next: weekend.next, partOfDayHour: null };
  const part = at(words, j, 'part');
  if (part) return { shape: rule('DAILY', interval), next: part.next, partOfDayHour: part.sense.hour };
  const list = readDayList(words, j);
  if (list) return { shape: weeklyOn(list.days, interval), next: list.next, partOfDayHour: list.hour };
  return null;
}

// An adverb that is not "free" repeats only where a schedule follows: "daily at 7", not "daily standup".
function adverbStands(words: readonly Word[], i: number): boolean {
  const after = words[i + 1];
  if (after === undefined) return true;
  if (after.senses.length > 0) return true;
  return /^[\d,.;:!?)]/.test(after.text);
}

/** "un lundi sur deux": every other Monday. */
function readOneInN(words: readonly Word[], i: number): Core | null {
  const one = at(words, i, 'num');
  if (!one || one.sense.n !== 1) return null;
  const list = readDayList(words, one.next);
  const outOf = list ? at(words, list.next, 'outOf') : null;
  const n = outOf ? at(words, outOf.next, 'num') : null;
  if (!list || !n || n.sense.n < 2) return null;
  return { shape: weeklyOn(list.days, n.sense.n), next: n.next, partOfDayHour: null };
}

function readCore(words: readonly Word[], i: number, text: string, nthIsInterval: boolean): Core | null {
  const word = words[i]!;
  const every = senseOf(word, 'every');
  if (every) {
    const core = readAfterEvery(words, i + 1, text, every.otherWhenBare === true, nthIsInterval);
    if (core) return core;
  }
  const adverb = senseOf(word, 'adverb');
  if (adverb && (adverb.free || adverbStands(words, i))) {
    return { shape: rule(adverb.freq, adverb.interval), next: i + 1, partOfDayHour: null };
  }
  const subdaily = senseOf(word, 'subdaily');
  if (subdaily && (subdaily.free || adverbStands(words, i))) return { shape: { freq: 'SUBDAILY', minutes: subdaily.minutes }, next: i + 1, partOfDayHour: null };
  const part = senseOf(word, 'part');
  if (part?.habitual) return { shape: rule('DAILY', 1), next: i + 1, partOfDayHour: part.hour };
  const weekdays = senseOf(word, 'weekdays');
  if (weekdays?.habitual) return { shape: weeklyOn(WORK_WEEK, 1), next: i + 1, partOfDayHour: null };
  const weekend = senseOf(word, 'weekend');
  if (weekend?.habitual) return { shape: weeklyOn(WEEKEND, 1), next: i + 1, partOfDayHour: null };

  const oneInN = readOneInN(words, i);
  if (oneInN) return oneInN;

  // "2nd Tuesday of every month", "the last Friday of the month", "am ersten Montag im Monat"
  if (senseOf(word, 'ord') || isGlue(word)) {
    const ordinals = readOrdinals(words, i);
    const list = ordinals ? readDayList(words, ordinals.next) : null;
    const monthEnd = list ? readMonthUnit(words, list.next) : null;
    if (ordinals && list && monthEnd !== null) return { shape: monthlyOn(ordinals.ordinals, list.days), next: monthEnd, partOfDayHour: null };
  }
  // "the 15th and the last day of every month", "on the 1st of the month", "le 1er de chaque mois"
  if (isGlue(word) || senseOf(word, 'unit') || senseOf(word, 'num') || senseOf(word, 'ord')) {
    const monthDays = readMonthDays(words, i, text);
    const monthEnd = monthDays ? readMonthUnit(words, monthDays.next) : null;
    if (monthDays && monthEnd !== null) return { shape: rule('MONTHLY', 1, { byMonthDay: monthDays.days }), next: monthEnd, partOfDayHour: null };
  }
  // "Mondays and Thursdays", "montags", "Mon, Wed and Fri", "Monday to Friday"
  if (senseOf(word, 'weekday') || senseOf(word, 'habitual') || senseOf(word, 'from') || isGlue(word)) {
    const list = readDayList(words, i);
    if (list && (list.habitual || list.ranged || list.days.length >= 2)) {
      return { shape: weeklyOn(list.days, 1), next: list.next, partOfDayHour: null };
    }
  }
  return null;
}

/** Positions, exceptions and a part of the day said after the repeat: "every other week on Tuesday", "monthly on the 1st". */
function readDetails(words: readonly Word[], core: Core, text: string): Core {
  let { shape, next, partOfDayHour } = core;
  for (let changed = true; changed && shape.freq !== 'SUBDAILY'; ) {
    changed = false;
    const current: RepeatRule = shape;
    if (current.freq === 'WEEKLY') {
      const list = current.byDay === null ? readDayList(words, next) : null;
      if (list) {
        shape = { ...current, byDay: list.days.map(code) };
        next = list.next;
        changed = true;
        continue;
      }
      const workWeek = current.byDay === null ? at(words, next, 'weekdays') : null;
      if (workWeek) {
        shape = { ...current, byDay: WORK_WEEK.map(code) };
        next = workWeek.next;
        changed = true;
        continue;
      }
      const except = current.byDay !== null && current.byDay.every((day) => /^[A-Z]{2}$/.test(day))
        ? readExcept(words, next, current.byDay.map((day) => (CODES.indexOf(day as (typeof CODES)[number]) + 1) as Weekday))
        : null;
      if (except) {
        shape = { ...current, byDay: except.days.map(code) };
        next = except.next;
        changed = true;
        continue;
      }
    }
    if (current.freq === 'MONTHLY' && current.byDay === null && current.byMonthDay === null) {
      const ordinals = readOrdinals(words, next);
      const list = ordinals ? readDayList(words, ordinals.next) : null;
      if (ordinals && list) {
        shape = { ...current, byDay: monthlyOn(ordinals.ordinals, list.days).byDay };
        next = list.next;
        changed = true;
        continue;
      }
      const monthDays = readMonthDays(words, next, text);
      if (monthDays) {
        shape = { ...current, byMonthDay: monthDays.days };
        next = monthDays.next;
        changed = true;
        continue;
      }
    }
    if (current.freq === 'YEARLY' && current.byMonth === null) {
      const date = readDateOfYear(words, next, text);
      if (date) {
        shape = { ...current, byMonth: date.month, byMonthDay: [date.day] };
        next = date.next;
        changed = true;
        continue;
      }
    }
    if (partOfDayHour === null) {
      const part = at(words, next, 'part');
      if (part) {
        partOfDayHour = part.sense.hour;
        next = part.next;
        changed = true;
      }
    }
  }
  return { shape, next, partOfDayHour };
}

/**
 * Finds the repeat in a note ("every Tuesday and Thursday", "2nd Tuesday of every month", "jeden
 * Montag", "tous les premiers lundis du mois", "cada dos semanas") and how it ends, from the words'
 * meanings in the note's language. The first phrase that reads as a repeat wins.
 */
export function extractRecurrence(text: string, words: readonly Word[], lexicon: Pick<Lexicon, 'nthWeekdayIsInterval'> = {}): RecurrencePhrase | null {
  for (let i = 0; i < words.length; i += 1) {
    const core = readCore(words, i, text, lexicon.nthWeekdayIsInterval === true);
    if (!core) continue;
    const { shape, next, partOfDayHour } = readDetails(words, core, text);
    const spans: TextSpan[] = [{ start: words[i]!.start, end: words[next - 1]!.end }];
    if (shape.freq === 'SUBDAILY') return { spans, repeat: shape, partOfDayHour: null, untilAt: null };
    const end = readEnd(words, next) ?? readEnd(words.slice(0, i), 0);
    let repeat: RepeatRule = shape;
    let untilAt: number | null = null;
    if (end) {
      spans.push(end.span);
      if (end.count !== undefined) repeat = { ...repeat, count: end.count };
      if (end.lasting) repeat = { ...repeat, span: end.lasting };
      untilAt = end.untilAt ?? null;
    }
    return { spans, repeat, partOfDayHour, untilAt };
  }
  return null;
}
