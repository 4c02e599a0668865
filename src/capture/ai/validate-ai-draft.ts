import { DateTime } from 'luxon';
import { AppError } from '../../errors.js';
import { normalizeRecurrence } from '../../tasks/recurrence-rule.js';
import { DESCRIPTION_MAX_LENGTH, TITLE_MAX_LENGTH } from '../../tasks/task-input.js';
import { REMIND_BEFORE_CHOICES } from '../extract-remind-before.js';
import { atLocal, parseClockTime } from '../local-calendar.js';
import type { ParseOptions, TaskDraftFields } from '../parse-task-text.js';

export type AiDraftCheck = { ok: true; draft: TaskDraftFields } | { ok: false; reason: string };

/** How far ahead a due date may sensibly be; anything later is taken as a misreading. */
const MAX_YEARS_AHEAD = 10;

function isStorableText(text: string, maxLength: number): boolean {
  return text.isWellFormed() && !text.includes('\u0000') && [...text].length <= maxLength;
}

function capitalise(title: string): string {
  return title.charAt(0).toLocaleUpperCase('en-US') + title.slice(1);
}

/**
 * Checks the provider's answer as untrusted input: the exact fields and types, a non-empty storable
 * title, a real calendar date from today on, a real time of day, a lead time the product offers, a
 * repeat rule the task rules accept.
 * Anything else is discarded (the caller falls back to the local parser).
 */
export function validateAiDraft(answer: unknown, options: ParseOptions): AiDraftCheck {
  const fail = (reason: string): AiDraftCheck => ({ ok: false, reason });
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return fail('not an object');
  const { title, description, date, time, remindBefore, confidence, recurrence } = answer as Record<string, unknown>;

  if (typeof title !== 'string' || title.trim() === '') return fail('empty title');
  const trimmedTitle = title.trim();
  if (!isStorableText(trimmedTitle, TITLE_MAX_LENGTH)) return fail('title too long or not storable');
  if (typeof description !== 'string' || !isStorableText(description, DESCRIPTION_MAX_LENGTH)) {
    return fail('bad description');
  }

  let day: DateTime | null = null;
  if (date !== null) {
    if (typeof date !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return fail('date is not YYYY-MM-DD');
    day = DateTime.fromISO(date, { zone: options.timeZone });
    if (!day.isValid) return fail('date does not exist');
    const today = DateTime.fromJSDate(options.now, { zone: options.timeZone }).startOf('day');
    if (day < today || day > today.plus({ years: MAX_YEARS_AHEAD })) return fail('date out of range');
  }
  if (time !== null && (typeof time !== 'string' || !/^(?:[01]\d|2[0-3]):[0-5]\d$/.test(time))) {
    return fail('time is not HH:MM');
  }
  if (time !== null && day === null) return fail('time without a date');
  if (remindBefore !== null && !(REMIND_BEFORE_CHOICES as readonly unknown[]).includes(remindBefore)) {
    return fail('unsupported remindBefore');
  }
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) return fail('confidence is not a number');
  // Checked exactly as a client's rule would be; absent (an older answer shape) reads as none.
  let rule: string | null = null;
  if (recurrence !== undefined && recurrence !== null) {
    if (typeof recurrence !== 'string') return fail('recurrence is not a string');
    try {
      rule = normalizeRecurrence(recurrence);
    } catch (error) {
      if (error instanceof AppError) return fail(`recurrence refused: ${error.message}`);
      throw error;
    }
    if (day === null) return fail('recurrence without a date');
  }

  const dueAt = day
    ? atLocal({ year: day.year, month: day.month, day: day.day }, parseClockTime((time as string | null) ?? options.defaultTime), options.timeZone)
    : null;
  return {
    ok: true,
    draft: {
      title: capitalise(trimmedTitle),
      description,
      date: date as string | null,
      time: time as string | null,
      dueAt: dueAt ? dueAt.toJSDate() : null,
      recurrence: rule,
      remindBefore: remindBefore as number | null,
      reminders: remindBefore !== null && dueAt ? [{ before: remindBefore as number }] : [],
      confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    },
  };
}
