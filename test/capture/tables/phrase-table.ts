import type { CaptureLanguage } from '../../../src/capture/languages/capture-language.js';

/** What a person expects the draft of one phrase to say. */
export interface PhraseCase {
  text: string;
  title: string;
  /** YYYY-MM-DD in the table's zone, null when the phrase names no date. */
  date: string | null;
  /** HH:MM (24 h), null when it names no time. */
  time: string | null;
  /** The RRULE, null when it does not repeat. */
  recurrence: string | null;
  /** Minutes, null when it asks for no reminder. */
  remindBefore: number | null;
  /** Where a held-out phrase came from. */
  source?: string;
  /** Why an expectation is disputed (held-out phrases), kept with the phrase. */
  note?: string;
}

export interface PhraseTable {
  name: string;
  language: CaptureLanguage;
  now: Date;
  timeZone: string;
  defaultTime: string;
  /** "project": written with the parser; "held-out": written from real task lists without reading the parser. */
  origin: 'project' | 'held-out';
  cases: PhraseCase[];
}

/** text, title, date, time, and (when not null) recurrence and reminder minutes. */
export type Row = [text: string, title: string, date: string | null, time: string | null, recurrence?: string | null, remindBefore?: number | null];

export function toCases(rows: readonly Row[]): PhraseCase[] {
  return rows.map(([text, title, date, time, recurrence = null, remindBefore = null]) => ({ text, title, date, time, recurrence, remindBefore }));
}

export function phraseTable(language: CaptureLanguage, name: string, now: string, timeZone: string, rows: readonly Row[]): PhraseTable {
  return { name, language, now: new Date(now), timeZone, defaultTime: '09:00', origin: 'project', cases: toCases(rows) };
}
