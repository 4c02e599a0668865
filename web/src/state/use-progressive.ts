import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';

/** Rows of the first step: about a phone's first screen. */
const FIRST_STEP = 10;
/**
 * What one later step may take to draw: a slow phone (Lighthouse's, 4x slower than a laptop) must stay
 * well under 50 ms per task, style and layout of the new rows included, which come after it.
 */
const STEP_BUDGET_MS = 4;
const MIN_STEP = 2;
const MAX_STEP = 20;

/**
 * How many of `total` rows to draw now: the first step at once, then one more step per timer turn
 * until all are drawn, each sized by how long the last one took (the device's speed, and how busy it
 * is), to take about STEP_BUDGET_MS. A longer list later (a refresh) continues from where it was.
 * `stepwise` false draws all at once (coming back to a screen whose scroll position is restored at once).
 */
export function useProgressiveCount(total: number, stepwise = true): number {
  const [count, setCount] = useState(stepwise ? FIRST_STEP : Number.POSITIVE_INFINITY);
  const step = useRef(FIRST_STEP);
  // When the step being drawn began, and how many rows it adds; null when none is under way.
  const drawing = useRef<{ since: number; rows: number } | null>(null);
  useLayoutEffect(() => {
    const last = drawing.current;
    if (!last) return;
    drawing.current = null;
    const perRow = Math.max(performance.now() - last.since, 0.1) / last.rows;
    step.current = Math.min(MAX_STEP, Math.max(MIN_STEP, Math.floor(STEP_BUDGET_MS / perRow)));
  }, [count]);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => {
      const rows = Math.min(step.current, total - count);
      drawing.current = { since: performance.now(), rows };
      setCount((drawn) => drawn + rows);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [count, total]);
  return Math.min(count, total);
}
