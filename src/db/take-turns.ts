import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Lets timers and I/O run before the next of several back-to-back transactions.
 *
 * On SQLite a Prisma transaction runs its statements synchronously and resolves through microtasks
 * only, so a loop of transactions never gives the event loop a turn: under a flood of events the
 * outbox fan-out (or the relay, or the sweep) would keep the thread, and the dispatchers' timers, the
 * other loops, HTTP requests and even SIGTERM would wait for the flood to end. One turn between
 * transactions is enough for everything waiting to make its step.
 */
export function yieldTurn(): Promise<void> {
  return nextTurn();
}

/** A pass's share of the thread: spent once `ms` have gone by since it was made. */
export function timeBudget(ms: number): { spent(): boolean } {
  const until = performance.now() + ms;
  return { spent: () => performance.now() >= until };
}
