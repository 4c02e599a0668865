import { useEffect, useState } from 'preact/hooks';

/** Rows drawn per step: each step stays well under 50 ms on a slow phone (Lighthouse counts longer tasks as blocking). */
const STEP = 10;

/**
 * How many of `total` rows to draw now: the first step at once, then one more step per timer turn
 * until all are drawn. A longer list later (a refresh) continues from where it was. `stepwise` false
 * draws all at once (coming back to a screen whose scroll position is restored at once).
 */
export function useProgressiveCount(total: number, stepwise = true): number {
  const [count, setCount] = useState(stepwise ? STEP : Number.POSITIVE_INFINITY);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => setCount((drawn) => drawn + STEP), 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
