/** Node's timers take at most this many milliseconds (about 24.8 days); longer delays fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Calls `onExpired` once `expiresAt` has passed (at once if it has), however far ahead it is; answers
 * a function that cancels it.
 */
export function onExpiry(expiresAt: Date, onExpired: () => void, now: () => number = Date.now): () => void {
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    const remaining = expiresAt.getTime() - now();
    if (remaining <= 0) {
      timer = undefined;
      onExpired();
      return;
    }
    timer = setTimeout(arm, Math.min(remaining, MAX_TIMER_MS));
    timer.unref();
  };
  arm();
  return () => clearTimeout(timer);
}
