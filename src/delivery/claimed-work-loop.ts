import { coalescedPasses } from './coalesced-passes.js';

export interface ClaimedWorkLoopOptions<T> {
  /** Items in flight at once, per instance. */
  concurrency: number;
  /** A claim's lease: what a dead instance held is looked for again once it has run out. */
  leaseMs: number;
  /** Claims up to `room` due items with a lease. */
  claim(room: number): Promise<T[]>;
  /** Gives claims back (claimed while stopping). */
  release(claimed: T[]): Promise<unknown>;
  /** Works on one claimed item; its own failures are its to record. */
  attempt(item: T): Promise<void>;
  onAttemptError(error: unknown, item: T): void;
  onPassError(error: unknown): void;
  /** After each attempt settled (a channel that records results later passes again itself). */
  afterAttempt?(): void;
}

export interface ClaimedWorkLoop {
  start(): void;
  /** Asks for a pass soon (or after `delayMs`). */
  schedule(delayMs?: number): void;
  /** One pass now (a job's sweep); nothing once stopped. */
  sweep(): Promise<void>;
  /** Stops claiming and waits for a running pass; attempts in flight go on (see `inFlight`). */
  stopClaiming(): Promise<void>;
  /** The attempts in flight now. */
  inFlight(): Promise<void>[];
}

/** A pass waits this long after a wake-up, so one claim takes a burst's items together. */
const COALESCE_MS = 5;

/**
 * The loop every delivery channel (push, email) runs: passes, one at a time and coalesced, claim as many
 * due items as there is room for under the concurrency and start an attempt for each; what is claimed
 * after a stop began is given back; after a lease's length one pass looks for what a dead instance held.
 */
export function claimedWorkLoop<T>(options: ClaimedWorkLoopOptions<T>): ClaimedWorkLoop {
  const running = new Set<Promise<void>>();
  let stopped = true;
  let recoveryTimer: NodeJS.Timeout | undefined;

  async function pass(): Promise<void> {
    while (!stopped) {
      const room = options.concurrency - running.size;
      if (room <= 0) return;
      const claimed = await options.claim(room);
      if (claimed.length === 0) return;
      if (stopped) {
        await options.release(claimed);
        return;
      }
      for (const item of claimed) {
        const attempt = options
          .attempt(item)
          .catch((error: unknown) => options.onAttemptError(error, item))
          .finally(() => {
            running.delete(attempt);
            options.afterAttempt?.();
          });
        running.add(attempt);
      }
      if (claimed.length < room) return;
    }
  }

  const passes = coalescedPasses({ pass, stopped: () => stopped, onError: options.onPassError, coalesceMs: COALESCE_MS });

  return {
    start() {
      stopped = false;
      passes.schedule(0);
      recoveryTimer = setTimeout(() => passes.schedule(), options.leaseMs + 100);
      recoveryTimer.unref();
    },
    schedule: (delayMs) => passes.schedule(delayMs),
    async sweep() {
      if (!stopped) await passes.run();
    },
    async stopClaiming() {
      stopped = true;
      clearTimeout(recoveryTimer);
      await passes.stop();
    },
    inFlight: () => [...running],
  };
}
