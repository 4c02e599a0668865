import type { ScheduleDoubt } from './place-spoken-time.js';

export interface ConfidenceSignals {
  title: string;
  hasDate: boolean;
  hasTime: boolean;
  doubts: readonly ScheduleDoubt[];
  hasRecurrence: boolean;
  remindBeforeDropped: boolean;
  /** Words that, left in a title, suggest a date phrase the parser did not understand. */
  leftoverDateWords: RegExp;
}

const DOUBT_COST: Record<ScheduleDoubt, number> = {
  'am-pm-guessed': 0.15,
  'second-date-ignored': 0.2,
  'time-in-past': 0.2,
  'time-moved': 0.1,
};


/** A heuristic 0..1: how likely the draft matches what the user meant without editing. */
export function scoreConfidence(signals: ConfidenceSignals): number {
  let score = signals.hasDate ? (signals.hasTime ? 0.9 : 0.85) : 0.75;
  for (const doubt of signals.doubts) score -= DOUBT_COST[doubt];
  if (signals.leftoverDateWords.test(signals.title)) score -= 0.25;
  if (signals.hasRecurrence) score -= 0.1;
  if (signals.remindBeforeDropped) score -= 0.1;
  if (signals.title.length < 3) score = Math.min(score, 0.2);
  return Math.round(Math.min(1, Math.max(0.05, score)) * 100) / 100;
}
