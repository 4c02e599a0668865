import { DateTime } from 'luxon';
import { describeRule } from '../tasks/occurrences.js';
import type { CaptureLanguage } from './languages/capture-language.js';

type Freq = 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY';

/** How one language says a repeat. `n` is the interval; lists are joined with `and`. */
interface Phrasing {
  every: Record<Freq, (n: number) => string>;
  /** Weekly days: "am Montag und Mittwoch", "le lundi et le mercredi". */
  onDays: (names: string[]) => string;
  /** Monthly by weekday: ordinal + day name, "am 2. Dienstag", "le deuxième mardi". */
  onNthDay: (ordinals: string[]) => string;
  nth: (n: number, day: string) => string;
  /** Monthly by day of the month: "am 15. und am letzten Tag". */
  onMonthDays: (days: string[]) => string;
  monthDay: (n: number) => string;
  lastDay: string;
  /** Yearly: "am 15. August". */
  onDate: (day: number, month: string) => string;
  at: (time: string) => string;
  until: (date: string) => string;
  times: (n: number) => string;
  and: string;
}

function join(items: string[], and: string): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;
}

const ORDINALS: Record<string, Record<number, string>> = {
  fr: { 1: 'premier', 2: 'deuxième', 3: 'troisième', 4: 'quatrième', 5: 'cinquième', [-1]: 'dernier', [-2]: 'avant-dernier' },
  es: { 1: 'primer', 2: 'segundo', 3: 'tercer', 4: 'cuarto', 5: 'quinto', [-1]: 'último', [-2]: 'penúltimo' },
  pt: { 1: 'primeira', 2: 'segunda', 3: 'terceira', 4: 'quarta', 5: 'quinta', [-1]: 'última', [-2]: 'penúltima' },
  nl: { 1: 'eerste', 2: 'tweede', 3: 'derde', 4: 'vierde', 5: 'vijfde', [-1]: 'laatste', [-2]: 'op een na laatste' },
  it: { 1: 'primo', 2: 'secondo', 3: 'terzo', 4: 'quarto', 5: 'quinto', [-1]: 'ultimo', [-2]: 'penultimo' },
};

const PHRASINGS: Record<Exclude<CaptureLanguage, 'en'>, Phrasing> = {
  de: {
    every: {
      DAILY: (n) => (n === 1 ? 'jeden Tag' : `alle ${n} Tage`),
      WEEKLY: (n) => (n === 1 ? 'jede Woche' : `alle ${n} Wochen`),
      MONTHLY: (n) => (n === 1 ? 'jeden Monat' : `alle ${n} Monate`),
      YEARLY: (n) => (n === 1 ? 'jedes Jahr' : `alle ${n} Jahre`),
    },
    onDays: (names) => `am ${join(names, 'und')}`,
    onNthDay: (items) => `am ${join(items, 'und')}`,
    nth: (n, day) => (n === -1 ? `letzten ${day}` : n === -2 ? `vorletzten ${day}` : `${n}. ${day}`),
    onMonthDays: (days) => `am ${join(days, 'und am')}`,
    monthDay: (n) => `${n}.`,
    lastDay: 'letzten Tag',
    onDate: (day, month) => `am ${day}. ${month}`,
    at: (time) => `um ${time}`,
    until: (date) => `bis ${date}`,
    times: (n) => `${n} Mal`,
    and: 'und',
  },
  fr: {
    every: {
      DAILY: (n) => (n === 1 ? 'tous les jours' : `tous les ${n} jours`),
      WEEKLY: (n) => (n === 1 ? 'toutes les semaines' : `toutes les ${n} semaines`),
      MONTHLY: (n) => (n === 1 ? 'tous les mois' : `tous les ${n} mois`),
      YEARLY: (n) => (n === 1 ? 'tous les ans' : `tous les ${n} ans`),
    },
    onDays: (names) => join(names.map((name) => `le ${name}`), 'et'),
    onNthDay: (items) => join(items.map((item) => `le ${item}`), 'et'),
    nth: (n, day) => `${ORDINALS.fr![n] ?? n} ${day}`,
    onMonthDays: (days) => join(days.map((day) => `le ${day}`), 'et'),
    monthDay: (n) => (n === 1 ? '1er' : String(n)),
    lastDay: 'dernier jour',
    onDate: (day, month) => `le ${day === 1 ? '1er' : day} ${month}`,
    at: (time) => `à ${time}`,
    until: (date) => `jusqu’au ${date}`,
    times: (n) => `${n} fois`,
    and: 'et',
  },
  es: {
    every: {
      DAILY: (n) => (n === 1 ? 'cada día' : `cada ${n} días`),
      WEEKLY: (n) => (n === 1 ? 'cada semana' : `cada ${n} semanas`),
      MONTHLY: (n) => (n === 1 ? 'cada mes' : `cada ${n} meses`),
      YEARLY: (n) => (n === 1 ? 'cada año' : `cada ${n} años`),
    },
    onDays: (names) => join(names.map((name) => `el ${name}`), 'y'),
    onNthDay: (items) => join(items.map((item) => `el ${item}`), 'y'),
    nth: (n, day) => `${ORDINALS.es![n] ?? n} ${day}`,
    onMonthDays: (days) => join(days.map((day) => `el ${day}`), 'y'),
    monthDay: (n) => `día ${n}`,
    lastDay: 'último día',
    onDate: (day, month) => `el ${day} de ${month}`,
    at: (time) => `a las ${time}`,
    until: (date) => `hasta el ${date}`,
    times: (n) => `${n} veces`,
    and: 'y',
  },
  pt: {
    every: {
      DAILY: (n) => (n === 1 ? 'todos os dias' : `a cada ${n} dias`),
      WEEKLY: (n) => (n === 1 ? 'toda semana' : `a cada ${n} semanas`),
      MONTHLY: (n) => (n === 1 ? 'todo mês' : `a cada ${n} meses`),
      YEARLY: (n) => (n === 1 ? 'todo ano' : `a cada ${n} anos`),
    },
    onDays: (names) => `na ${join(names, 'e na')}`,
    onNthDay: (items) => `na ${join(items, 'e na')}`,
    nth: (n, day) => `${ORDINALS.pt![n] ?? n} ${day}`,
    onMonthDays: (days) => `no ${join(days, 'e no')}`,
    monthDay: (n) => `dia ${n}`,
    lastDay: 'último dia',
    onDate: (day, month) => `em ${day} de ${month}`,
    at: (time) => `às ${time}`,
    until: (date) => `até ${date}`,
    times: (n) => `${n} vezes`,
    and: 'e',
  },
  nl: {
    every: {
      DAILY: (n) => (n === 1 ? 'elke dag' : `elke ${n} dagen`),
      WEEKLY: (n) => (n === 1 ? 'elke week' : `elke ${n} weken`),
      MONTHLY: (n) => (n === 1 ? 'elke maand' : `elke ${n} maanden`),
      YEARLY: (n) => (n === 1 ? 'elk jaar' : `elke ${n} jaar`),
    },
    onDays: (names) => `op ${join(names, 'en')}`,
    onNthDay: (items) => `op de ${join(items, 'en de')}`,
    nth: (n, day) => `${ORDINALS.nl![n] ?? n} ${day}`,
    onMonthDays: (days) => `op de ${join(days, 'en de')}`,
    monthDay: (n) => `${n}e`,
    lastDay: 'laatste dag',
    onDate: (day, month) => `op ${day} ${month}`,
    at: (time) => `om ${time}`,
    until: (date) => `tot ${date}`,
    times: (n) => `${n} keer`,
    and: 'en',
  },
  it: {
    every: {
      DAILY: (n) => (n === 1 ? 'ogni giorno' : `ogni ${n} giorni`),
      WEEKLY: (n) => (n === 1 ? 'ogni settimana' : `ogni ${n} settimane`),
      MONTHLY: (n) => (n === 1 ? 'ogni mese' : `ogni ${n} mesi`),
      YEARLY: (n) => (n === 1 ? 'ogni anno' : `ogni ${n} anni`),
    },
    onDays: (names) => join(names.map((name) => `il ${name}`), 'e'),
    onNthDay: (items) => join(items.map((item) => (/^ultimo|^penultimo/.test(item) ? `l’${item}` : `il ${item}`)), 'e'),
    nth: (n, day) => `${ORDINALS.it![n] ?? n} ${day}`,
    onMonthDays: (days) => join(days.map((day) => (day.startsWith('ultimo') ? `l’${day}` : `il ${day}`)), 'e'),
    monthDay: (n) => String(n),
    lastDay: 'ultimo giorno',
    onDate: (day, month) => `il ${day} ${month}`,
    at: (time) => `alle ${time}`,
    until: (date) => `fino al ${date}`,
    times: (n) => `${n} volte`,
    and: 'e',
  },
};

const CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

function dayName(code: string, language: CaptureLanguage): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + CODES.indexOf(code))));
}

function monthName(month: number, language: CaptureLanguage): string {
  const parts = new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2024, month - 1, 1)));
  return parts.find((part) => part.type === 'month')?.value ?? String(month);
}

function readParts(rule: string): Map<string, string> {
  return new Map(rule.split(';').map((part) => part.split('=') as [string, string]));
}

function untilDate(value: string, language: CaptureLanguage): string {
  const date = new Date(Date.UTC(Number(value.slice(0, 4)), Number(value.slice(4, 6)) - 1, Number(value.slice(6, 8))));
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function describeIn(rule: string, dueAt: Date, timeZone: string, language: Exclude<CaptureLanguage, 'en'>): string | null {
  const say = PHRASINGS[language];
  const parts = readParts(rule);
  const freq = parts.get('FREQ') as Freq | undefined;
  if (!freq || !say.every[freq] || parts.has('BYSETPOS')) return null;
  const words = [say.every[freq](Number(parts.get('INTERVAL') ?? 1))];
  const byDay = parts.get('BYDAY')?.split(',') ?? [];
  const plain = byDay.filter((day) => /^[A-Z]{2}$/.test(day));
  const nth = byDay.map((day) => /^([+-]?\d+)([A-Z]{2})$/.exec(day)).filter((m) => m !== null);
  const monthDays = parts.get('BYMONTHDAY')?.split(',').map(Number) ?? [];
  const byMonth = parts.get('BYMONTH')?.split(',').map(Number) ?? [];
  if (freq === 'YEARLY' && byMonth.length === 1 && monthDays.length === 1 && byDay.length === 0 && monthDays[0]! > 0) {
    words.push(say.onDate(monthDays[0]!, monthName(byMonth[0]!, language)));
  } else {
    if (byMonth.length > 0) return null;
    if (plain.length > 0) words.push(say.onDays(plain.map((day) => dayName(day, language))));
    if (nth.length > 0) words.push(say.onNthDay(nth.map((m) => say.nth(Number(m[1]), dayName(m[2]!, language)))));
    if (monthDays.length > 0) words.push(say.onMonthDays(monthDays.map((n) => (n === -1 ? say.lastDay : n > 0 ? say.monthDay(n) : String(n)))));
  }
  words.push(say.at(DateTime.fromJSDate(dueAt, { zone: timeZone }).toFormat('H:mm')));
  const until = parts.get('UNTIL');
  if (until) words.push(say.until(untilDate(until, language)));
  const count = parts.get('COUNT');
  if (count) words.push(say.times(Number(count)));
  return words.join(' ');
}

/**
 * The repeat in the capture language at the local due time: "every week on Monday at 9:00", "jede Woche
 * am Montag um 9:00", "tous les mois le dernier vendredi à 18:00". Rules beyond what capture writes
 * (BYSETPOS, BYMONTH with weekdays) are said in English.
 */
export function describeRecurrenceRule(rule: string, dueAt: Date, timeZone: string, language: CaptureLanguage): string {
  return (language === 'en' ? null : describeIn(rule, dueAt, timeZone, language)) ?? describeRule(rule, { dueAt, dueLocal: null }, timeZone);
}
