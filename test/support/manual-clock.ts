import type { Clock } from '../../src/clock.js';

/** A clock the test moves by hand. */
export interface ManualClock extends Clock {
  set(to: Date): void;
  advance(ms: number): void;
}

export function createManualClock(start: Date): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (to) => {
      current = to.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
