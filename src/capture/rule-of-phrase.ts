import { DateTime } from 'luxon';
import { normalizeRecurrence } from '../tasks/recurrence-rule.js';
import type { RepeatShape } from './extract-recurrence.js';

const WEEKDAY_CODES = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

/**
 * The RRULE of a repeating phrase whose first occurrence is `dueAt`: the weekday, day of the month or
 * date the rule needs comes from that first occurrence ("every year on March 3" → BYMONTH=3;
 * BYMONTHDAY=3). Null for repeats more often than daily (not supported) or without a due time.
 */
export function ruleOfPhrase(repeat: RepeatShape, dueAt: Date | null, timeZone: string): string | null {
  if (repeat.freq === 'SUBDAILY' || dueAt === null) return null;
  const local = DateTime.fromJSDate(dueAt, { zone: timeZone });
  const parts = [`FREQ=${repeat.freq}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.freq === 'WEEKLY') parts.push(`BYDAY=${(repeat.days ?? [WEEKDAY_CODES[local.weekday - 1]!]).join(',')}`);
  if (repeat.freq === 'MONTHLY') parts.push(`BYMONTHDAY=${local.day}`);
  if (repeat.freq === 'YEARLY') parts.push(`BYMONTH=${local.month}`, `BYMONTHDAY=${local.day}`);
  return normalizeRecurrence(parts.join(';'));
}
