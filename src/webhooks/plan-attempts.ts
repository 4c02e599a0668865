import type { ClaimedDelivery } from './claim-due-deliveries.js';
import { nextAttemptDelay } from './retry-schedule.js';
import type { AttemptOutcome } from './send-webhook.js';

// What a batch of finished attempts means, before it is written: shared by the Prisma path
// (record-attempts.ts) and the SQLite one (record-attempts-sqlite.ts), which store the same rows.

export interface AttemptResult {
  delivery: ClaimedDelivery;
  outcome: AttemptOutcome;
  attemptedAt: Date;
}

/** The rules a batch is judged by. */
export interface AttemptRules {
  now: () => Date;
  retryScheduleMs: readonly number[];
  /** An endpoint whose attempts have all failed for this long is disabled. */
  disableAfterMs: number;
  random?: () => number;
}

export interface DisabledEndpoint {
  endpointId: bigint;
  reason: string;
}

/** An attempt as recorded: its number, and when the next one is planned (null: none, delivered or given up). */
export interface RecordedAttempt extends AttemptResult {
  attempt: number;
  nextAttemptAt: Date | null;
}

export interface PlannedAttempt extends RecordedAttempt {
  gone: boolean;
}

export interface RecordedBatch {
  recorded: RecordedAttempt[];
  disabled: DisabledEndpoint[];
}

const GONE = 410;

/** Each attempt's number and what comes next: nothing (delivered, or 410 Gone), a retry, or failure. */
export function planAttempts(rules: Pick<AttemptRules, 'retryScheduleMs' | 'random'>, results: AttemptResult[], now: Date): PlannedAttempt[] {
  return results.map((result) => {
    const attempt = result.delivery.attemptCount + 1;
    const gone = result.outcome.statusCode === GONE;
    const delay = result.outcome.ok || gone ? null : nextAttemptDelay(rules.retryScheduleMs, attempt, rules.random);
    const nextAttemptAt = delay === null ? null : new Date(now.getTime() + delay);
    return { ...result, attempt, gone, nextAttemptAt };
  });
}

/** Each endpoint is judged by its latest attempt in the batch. */
export function latestPerEndpoint(planned: PlannedAttempt[]): PlannedAttempt[] {
  const latest = new Map<string, PlannedAttempt>();
  for (const p of planned) {
    const key = String(p.delivery.endpointId);
    const seen = latest.get(key);
    if (!seen || seen.attemptedAt <= p.attemptedAt) latest.set(key, p);
  }
  return [...latest.values()];
}

export const GONE_REASON = 'The endpoint answered 410 Gone, so deliveries to it stopped; enable it again once it accepts them.';

/** Why the endpoint must be disabled after failing since `since`, or null when not yet. */
export function streakReasonOf(since: Date | null | undefined, disableAfterMs: number, now: Date, lastError: string | null): string | null {
  if (!since || now.getTime() - since.getTime() < disableAfterMs) return null;
  return `Every delivery attempt failed from ${since.toISOString()} to ${now.toISOString()}, so deliveries to it stopped; ` +
    `the last error: ${lastError ?? 'unknown'}. Enable it again once it accepts them.`;
}
