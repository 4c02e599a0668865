import type { ScheduleDoubt } from './place-spoken-time.js';

export interface ConfidenceSignals {
  title: string;
  hasDate: boolean;
  hasTime: boolean;
  doubts: readonly ScheduleDoubt[];
  hasRecurrence: boolean;
  remindBeforeDropped: boolean;
}

const DOUBT_COST: Record<ScheduleDoubt, number> = {
  'am-pm-guessed': 0.15,
  'second-date-ignored': 0.2,
  'time-in-past': 0.2,
  'time-moved': 0.1,
};

// Date-looking words left in the title suggest a date phrase the parser did not understand.
const LEFTOVER_DATE_WORDS =
  /\b(?:today|tonight|tomorrow|tmrw?|mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sunday|next\s+(?:week|month)|\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|(?:jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)[a-z]*\.?\s+\d{1,2})\b/i;

/** A heuristic 0..1: how likely the draft matches what the user meant without editing. */
export function scoreConfidence(signals: ConfidenceSignals): number {
  let score = signals.hasDate ? (signals.hasTime ? 0.9 : 0.85) : 0.75;
  for (const doubt of signals.doubts) score -= DOUBT_COST[doubt];
  if (LEFTOVER_DATE_WORDS.test(signals.title)) score -= 0.25;
  if (signals.hasRecurrence) score -= 0.1;
  if (signals.remindBeforeDropped) score -= 0.1;
  if (signals.title.length < 3) score = Math.min(score, 0.2);
  return Math.round(Math.min(1, Math.max(0.05, score)) * 100) / 100;
}
