import type { DateTime } from 'luxon';
import { MAX_REMINDERS, type ReminderSpecView } from '../reminders/reminder-specs.js';
import type { RemindListWords } from './languages/language-grammar.js';
import { senseOf, type Word } from './languages/lexicon.js';
import { atLocal, dateOf } from './local-calendar.js';
import { readReminderPart, type CapturedReminder, type ReminderPartReader } from './read-reminder-part.js';
import type { TextSpan } from './text-span.js';

export type { CapturedReminder } from './read-reminder-part.js';

export interface RemindListPhrase {
  span: TextSpan;
  reminders: CapturedReminder[];
}

// More pieces than this is not a list of at most MAX_REMINDERS reminders, however they join.
const MAX_PIECES = 12;
const NOT_LETTER_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const NOT_LETTER_AFTER = String.raw`(?![\p{L}\p{N}])`;

const alternatives = (words: readonly string[]) => words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');

const breaks = new WeakMap<RemindListWords, RegExp>();
const leads = new WeakMap<RemindListWords, RegExp>();

/** ", ", " and ", ", and also ": what stands between two reminders. */
function breakPattern(words: RemindListWords): RegExp {
  let pattern = breaks.get(words);
  if (!pattern) {
    pattern = new RegExp(String.raw`(?:\s*(?:,|${NOT_LETTER_BEFORE}(?:${alternatives(words.and)})${NOT_LETTER_AFTER})\s*)+`, 'giu');
    breaks.set(words, pattern);
  }
  return pattern;
}

/** "…, and then remind me": the joining words before the request belong to it. */
function leadPattern(words: RemindListWords): RegExp {
  let pattern = leads.get(words);
  if (!pattern) {
    pattern = new RegExp(String.raw`(?:[,;]\s*|\s+(?:${alternatives(words.then)})${NOT_LETTER_AFTER}\s*)*$`, 'iu');
    leads.set(words, pattern);
  }
  return pattern;
}

/** The pieces between the breaks, as spans of `text`. */
function splitPieces(text: string, from: number, to: number, words: RemindListWords): TextSpan[] {
  const pieces: TextSpan[] = [];
  let start = from;
  for (const match of text.slice(from, to).matchAll(breakPattern(words))) {
    pieces.push({ start, end: from + match.index });
    start = from + match.index + match[0].length;
  }
  pieces.push({ start, end: to });
  return pieces.filter((piece) => text.slice(piece.start, piece.end).trim() !== '');
}

/**
 * The pieces grouped so that every group reads as a reminder, with as many groups as possible: "a las 8
 * y 10 minutos antes" is two reminders, "a las 8 y media" one (a time whose words hold an "and").
 */
function readPieces(text: string, pieces: readonly TextSpan[], reader: ReminderPartReader): CapturedReminder[] | null {
  const best: Array<CapturedReminder[] | null> = [[]];
  for (let end = 1; end <= pieces.length; end += 1) {
    best[end] = null;
    for (let start = end - 1; start >= 0; start -= 1) {
      const before = best[start];
      if (!before || (best[end] && best[end]!.length >= before.length + 1)) continue;
      const reminder = readReminderPart(text.slice(pieces[start]!.start, pieces[end - 1]!.end).trim(), reader);
      if (reminder) best[end] = [...before, reminder];
    }
  }
  return best[pieces.length] ?? null;
}

/**
 * "remind me at 8am and 10 min before", "erinnere mich morgen um 9", "recuérdame a las 8 y 10 minutos
 * antes": a list of reminders after a request that names the speaker, to the end of the sentence. Only
 * a list that names a time of its own or more than one reminder is taken here (a lone "10 minutes
 * before" is extractRemindBefore's). Every part must read as a reminder, or the phrase is left to the
 * rest of the parser.
 */
export function extractRemindList(text: string, words: readonly Word[], reader: ReminderPartReader): RemindListPhrase | null {
  const remind = words.find((word) => senseOf(word, 'remind')?.toMe === true);
  if (!remind) return null;
  const from = remind.end + (/^[\s:]*/.exec(text.slice(remind.end))?.[0].length ?? 0);
  // A sentence ends at a full stop followed by a new sentence, not at the dot of "8.30" or "3.12.".
  const stop = /[;!?\n]|\.\s*$|\.\s+(?=\p{Lu})/u.exec(text.slice(from));
  const to = stop ? from + stop.index : text.length;
  const listWords = reader.grammar.remindList;
  const pieces = splitPieces(text, from, to, listWords);
  if (pieces.length === 0 || pieces.length > MAX_PIECES) return null;
  const reminders = readPieces(text, pieces, reader);
  if (!reminders || reminders.length > MAX_REMINDERS) return null;
  if (reminders.length === 1 && 'before' in reminders[0]!) return null;
  const lead = leadPattern(listWords).exec(text.slice(0, remind.start));
  return { span: { start: remind.start - (lead ? lead[0].length : 0), end: to }, reminders };
}

/**
 * The reminders as a draft carries them: a time without a day falls on the due day (or, without one, its
 * next coming); a relative one needs the due time and is dropped without it.
 */
export function placeReminders(reminders: readonly CapturedReminder[], dueAt: DateTime | null, now: DateTime, timeZone: string): ReminderSpecView[] {
  return reminders.flatMap((reminder): ReminderSpecView[] => {
    if ('before' in reminder) return dueAt ? [{ before: reminder.before }] : [];
    const time = { hour: reminder.at.hour, minute: reminder.at.minute };
    let day = reminder.at.date ?? (dueAt ? dateOf(dueAt.setZone(timeZone)) : dateOf(now));
    let at = atLocal(day, time, timeZone);
    if (reminder.at.date === null && dueAt === null && at.toMillis() <= now.toMillis()) {
      day = dateOf(at.plus({ days: 1 }));
      at = atLocal(day, time, timeZone);
    }
    return [{ at: at.toJSDate().toISOString() }];
  });
}
