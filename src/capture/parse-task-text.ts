import { createCaptureChrono } from './create-capture-chrono.js';
import { describeRecurrence } from './describe-recurrence.js';
import { dropUnlikelyDates } from './drop-unlikely-dates.js';
import { extractRecurrence } from './extract-recurrence.js';
import { extractRemindBefore } from './extract-remind-before.js';
import { extractTitle } from './extract-title.js';
import { atLocal, formatDate, formatTime, parseClockTime, toZonedNow } from './local-calendar.js';
import { resolveSchedule } from './resolve-schedule.js';
import { ruleOfPhrase } from './rule-of-phrase.js';
import { scoreConfidence } from './score-confidence.js';
import { maskSpans, type TextSpan } from './text-span.js';

export interface ParseOptions {
  now: Date;
  /** IANA zone, e.g. "America/New_York". */
  timeZone: string;
  /** "HH:MM", used for dueAt when the text names a date but no time. */
  defaultTime: string;
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
  /** Minutes, one of 0, 10, 30, 60, when the text asks for it. */
  remindBefore: number | null;
  /** 0..1, a heuristic. */
  confidence: number;
}

const captureChrono = createCaptureChrono();

/** Turns "call mom tomorrow at 5pm" into a task draft, offline, relative to `now` in `timeZone`. */
export function parseTaskText(text: string, options: ParseOptions): TaskDraftFields {
  const now = toZonedNow(options.now, options.timeZone);
  const defaultTime = parseClockTime(options.defaultTime);

  const remind = extractRemindBefore(text);
  const withoutRemind = remind ? maskSpans(text, [remind.span]) : text;
  const recurrence = extractRecurrence(withoutRemind);
  const hidden = [remind?.span, recurrence?.maskSpan].filter((span): span is TextSpan => span !== undefined);
  // Chrono only understands offsets and abbreviations, not IANA names; it gets the offset in force now
  // and reads the wall clock from it. Dates are turned back into instants with the zone's real rules.
  const masked = maskSpans(text, hidden);
  const parsed = captureChrono.parse(masked, { instant: options.now, timezone: now.offset });
  const results = dropUnlikelyDates(parsed, masked);
  const schedule = resolveSchedule({ text: masked, results, now, recurrence: recurrence?.anchor ?? null });

  const removed = [...schedule.spans, ...hidden, ...(recurrence ? [recurrence.span] : [])];
  const title = extractTitle(text, removed);
  const dueAt =
    schedule.instant ?? (schedule.date ? atLocal(schedule.date, schedule.time ?? defaultTime, options.timeZone) : null);

  const dueInstant = dueAt ? dueAt.toJSDate() : null;
  const rule = recurrence ? ruleOfPhrase(recurrence.repeat, dueInstant, options.timeZone) : null;
  return {
    title,
    description: recurrence && rule === null ? describeRecurrence(text, recurrence.span, schedule.spans) : '',
    recurrence: rule,
    date: schedule.date ? formatDate(schedule.date) : null,
    time: schedule.time ? formatTime(schedule.time) : null,
    dueAt: dueInstant,
    remindBefore: remind?.minutes ?? null,
    confidence: scoreConfidence({
      title,
      hasDate: schedule.date !== null,
      hasTime: schedule.time !== null,
      doubts: schedule.doubts,
      hasRecurrence: recurrence !== null,
      remindBeforeDropped: remind !== null && remind.minutes === null,
    }),
  };
}
