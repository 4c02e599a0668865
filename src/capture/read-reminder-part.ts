import type { Chrono } from 'chrono-node';
import type { DateTime } from 'luxon';
import { MAX_BEFORE_MINUTES } from '../reminders/reminder-specs.js';
import { readAmount, skipGlue } from './extract-remind-before.js';
import type { LanguageGrammar } from './languages/language-grammar.js';
import { foldWord, readWords, senseOf } from './languages/lexicon.js';
import type { LocalDate } from './local-calendar.js';
import { readTimeOfDay } from './read-time-of-day.js';

/** A reminder a note asked for: minutes before the due time, or a time of its own (placed once the due day is known). */
export type CapturedReminder = { before: number } | { at: { date: LocalDate | null; hour: number; minute: number } };

export interface ReminderPartReader {
  grammar: LanguageGrammar;
  chrono: Chrono;
  now: DateTime;
}

/** "10 min before", "eine Stunde vorher", "un'ora prima", "at the time", "pünktlich": the whole part, nothing else. */
function readBefore(part: string, grammar: LanguageGrammar): number | null {
  const words = readWords(part, grammar.lexicon);
  const first = skipGlue(words, 0);
  if (senseOf(words[first], 'onTime')) return skipGlue(words, first + 1) === words.length ? 0 : null;
  const amount = readAmount(words, first);
  if (!amount) return null;
  const before = skipGlue(words, amount.next);
  if (!senseOf(words[before], 'before') || skipGlue(words, before + 1) !== words.length) return null;
  const minutes = Math.round(amount.minutes);
  return minutes <= MAX_BEFORE_MINUTES ? minutes : null;
}

/** What chrono left of the part is only the language's words around a time ("at", "a", "om"). */
function onlyAroundTime(rest: string, grammar: LanguageGrammar): boolean {
  const allowed = grammar.remindList.aroundTime.map(foldWord);
  return rest
    .split(/[\s,]+/)
    .filter((word) => word !== '')
    .every((word) => allowed.includes(foldWord(word)));
}

/**
 * "at 8am", "tomorrow at 9", "morgen um 9", "el viernes a las 18:30": a time, and the day when the
 * words name one. An open hour follows the bare-hour rule (docs/capture.md): 1–6 is the afternoon.
 */
function readAt(part: string, reader: ReminderPartReader): CapturedReminder | null {
  const { chrono, now, grammar } = reader;
  const results = chrono.parse(part, { instant: now.toJSDate(), timezone: now.offset }, { forwardDate: true });
  const result = results[0];
  // The whole part must be the date: "at 8am with Bob" is not a reminder time.
  if (!result || results.length > 1) return null;
  const rest = part.slice(0, result.index) + ' ' + part.slice(result.index + result.text.length);
  if (!onlyAroundTime(rest, grammar)) return null;
  const spoken = readTimeOfDay(result, grammar.dates);
  if (!spoken) return null;
  const hour = spoken.kind === 'bare-hour' && spoken.hour <= 6 ? spoken.hour + 12 : spoken.hour;
  const named = result.start.isCertain('day') || result.start.isCertain('weekday');
  const date = named ? { year: result.start.get('year')!, month: result.start.get('month')!, day: result.start.get('day')! } : null;
  return { at: { date, hour, minute: spoken.minute } };
}

/** One part of a reminder list, or null when it does not read as a reminder on its own. */
export function readReminderPart(part: string, reader: ReminderPartReader): CapturedReminder | null {
  if (part.trim() === '') return null;
  const before = readBefore(part, reader.grammar);
  return before !== null ? { before } : readAt(part, reader);
}
