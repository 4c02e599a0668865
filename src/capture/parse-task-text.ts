import type { ParsedResult } from 'chrono-node';
import { describeFrequentRepeat } from './describe-frequent-repeat.js';
import { dropUnlikelyDates } from './drop-unlikely-dates.js';
import { extractRecurrence, type RecurrencePhrase } from './extract-recurrence.js';
import { extractRemindBefore, REMIND_BEFORE_CHOICES } from './extract-remind-before.js';
import { extractRemindList, placeReminders } from './extract-remind-at.js';
import type { ReminderSpecView } from '../reminders/reminder-specs.js';
import { extractTitle } from './extract-title.js';
import type { CaptureLanguage } from './languages/capture-language.js';
import { chronoFor, grammarFor } from './languages/grammars.js';
import { readWords } from './languages/lexicon.js';
import type { DateWords } from './languages/language-grammar.js';
import { atLocal, dateOf, formatDate, formatTime, parseClockTime, toZonedNow, type LocalDate } from './local-calendar.js';
import { readCalendarDate } from './read-calendar-date.js';
import { resolveSchedule } from './resolve-schedule.js';
import { ruleOfPhrase } from './rule-of-phrase.js';
import { scoreConfidence } from './score-confidence.js';
import { maskSpans, type TextSpan } from './text-span.js';
import type { DateTime } from 'luxon';

export interface ParseOptions {
  now: Date;
  /** IANA zone, e.g. "America/New_York". */
  timeZone: string;
  /** "HH:MM", used for dueAt when the text names a date but no time. */
  defaultTime: string;
  /** The language the text is read in; default English. */
  language?: CaptureLanguage;
}

export interface TaskDraftFields {
  title: string;
  /** "" unless the parser has something to say, e.g. that a repeat more often than daily was reduced to one occurrence. */
  description: string;
  /** "YYYY-MM-DD" in timeZone. */
  date: string | null;
  /** "HH:MM" (24h) in timeZone; null when the text named no time. */
  time: string | null;
  dueAt: Date | null;
  /** The RRULE of a repeating phrase ("every monday" → FREQ=WEEKLY;BYDAY=MO); dueAt is its first occurrence. */
  recurrence: string | null;
  /** Minutes, one of 0, 10, 30, 60, when the text asks for it: the first relative reminder. */
  remindBefore: number | null;
  /** Every reminder the text asked for ("remind me at 8am and 10 min before"), as a task takes them. */
  reminders: ReminderSpecView[];
  /** 0..1, a heuristic. */
  confidence: number;
}

/** "until Dec 31": the date result that starts where the end's words do, and its day. */
function takeUntil(
  results: ParsedResult[],
  recurrence: RecurrencePhrase | null,
  today: LocalDate,
  dates: DateWords,
): { results: ParsedResult[]; until: LocalDate | null; span: TextSpan | null } {
  const at = recurrence?.untilAt;
  const result = at === null || at === undefined ? undefined : results.find((r) => r.index === at);
  const until = result ? readCalendarDate(result, today, dates) : null;
  if (!result || !until) return { results, until: null, span: null };
  return { results: results.filter((r) => r !== result), until, span: { start: result.index, end: result.index + result.text.length } };
}

/** Turns "call mom tomorrow at 5pm" into a task draft, offline, relative to `now` in `timeZone`. */
export function parseTaskText(text: string, options: ParseOptions): TaskDraftFields {
  const grammar = grammarFor(options.language ?? 'en');
  const now: DateTime = toZonedNow(options.now, options.timeZone);
  const defaultTime = parseClockTime(options.defaultTime);

  const words = readWords(text, grammar.lexicon);
  const list = extractRemindList(text, words, { grammar, chrono: chronoFor(grammar), now });
  const remind = list ? { span: list.span, minutes: null, requestedMinutes: null } : extractRemindBefore(words);
  const outsideRemind = remind ? words.filter((w) => w.end <= remind.span.start || w.start >= remind.span.end) : words;
  const recurrence = extractRecurrence(text, outsideRemind, grammar.lexicon);
  const hidden = [...(remind ? [remind.span] : []), ...(recurrence?.spans ?? [])];
  // Chrono only understands offsets and abbreviations, not IANA names; it gets the offset in force now
  // and reads the wall clock from it. Dates are turned back into instants with the zone's real rules.
  const masked = maskSpans(text, hidden);
  const parsed = chronoFor(grammar).parse(masked, { instant: options.now, timezone: now.offset });
  const kept = dropUnlikelyDates(parsed, masked, grammar.dates.ambiguous);
  const end = takeUntil(kept, recurrence, dateOf(now), grammar.dates);
  const schedule = resolveSchedule({ text: masked, results: end.results, now, recurrence, dates: grammar.dates, lexicon: grammar.lexicon });

  const removed = [...schedule.spans, ...hidden, ...(end.span ? [end.span] : [])];
  const title = extractTitle(text, removed, grammar.title);
  const dueAt =
    schedule.instant ?? (schedule.date ? atLocal(schedule.date, schedule.time ?? defaultTime, options.timeZone) : null);

  const dueInstant = dueAt ? dueAt.toJSDate() : null;
  const reminders: ReminderSpecView[] = list ? placeReminders(list.reminders, dueAt, now, options.timeZone) : remind?.minutes != null && dueAt ? [{ before: remind.minutes }] : [];
  const firstBefore = reminders.find((r): r is { before: number } => 'before' in r)?.before ?? null;
  const rule = schedule.rule && schedule.date ? ruleOfPhrase(schedule.rule, schedule.date, end.until) : null;
  return {
    title,
    description: recurrence && rule === null ? describeFrequentRepeat(text, recurrence.spans[0]!, schedule.spans) : '',
    recurrence: rule,
    date: schedule.date ? formatDate(schedule.date) : null,
    time: schedule.time ? formatTime(schedule.time) : null,
    dueAt: dueInstant,
    remindBefore: list ? (firstBefore !== null && REMIND_BEFORE_CHOICES.includes(firstBefore as 0) ? firstBefore : null) : (remind?.minutes ?? null),
    reminders,
    confidence: scoreConfidence({
      title,
      hasDate: schedule.date !== null,
      hasTime: schedule.time !== null,
      doubts: schedule.doubts,
      hasRecurrence: recurrence !== null,
      remindBeforeDropped: list === null && remind !== null && remind.minutes === null,
      leftoverDateWords: grammar.dates.leftover,
    }),
  };
}
