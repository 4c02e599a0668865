/** Retries are spread by up to this share of their delay, so a burst of failures does not retry in lockstep. */
const JITTER = 0.1;

/**
 * How long to wait before the next attempt after `attemptsMade` attempts failed, or null when the
 * schedule is used up (the delivery has failed). `scheduleMs[n]` is the delay before attempt n + 1.
 */
export function nextAttemptDelay(scheduleMs: readonly number[], attemptsMade: number, random: () => number = Math.random): number | null {
  const base = scheduleMs[attemptsMade];
  if (base === undefined) return null;
  return base + Math.round(base * JITTER * random());
}
