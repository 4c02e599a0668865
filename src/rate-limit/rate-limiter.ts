import type { RateLimitConfig } from '../config.js';
import type { Logger } from '../logger.js';
import type { CounterStore } from './counter-store.js';

/** The budgets: per authenticated user, per client address without a valid token, per user for captures. */
export type RateLimitScope = 'user' | 'address' | 'capture';

export interface RateLimitState {
  scope: RateLimitScope;
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is whole again. */
  resetSeconds: number;
  /** false: this hit is over the budget and must be refused. */
  allowed: boolean;
}

export interface RateLimiter {
  /** Counts one hit against the scope's budget for `id`; null when that budget is off (0) or unknown (store down). */
  hit(scope: RateLimitScope, id: string): Promise<RateLimitState | null>;
  /**
   * Counts `weight` hits at once, but only if all of them fit what is left: otherwise none is counted and
   * the state says not allowed (a request that would overdraw the budget is refused whole). null as hit's.
   */
  take(scope: RateLimitScope, id: string, weight: number): Promise<RateLimitState | null>;
  windowSeconds: number;
  close(): Promise<void>;
}

/** A failing store is reported at most this often. */
const STORE_FAILURE_LOG_INTERVAL_MS = 60_000;

/**
 * Fixed-window budgets: each window (RATE_LIMIT_WINDOW, aligned to the epoch so every instance agrees
 * on it) allows `limit` hits per key. If the store fails (Redis down), requests are let through
 * uncounted: a limiter outage must not become a service outage.
 */
export function createRateLimiter(config: RateLimitConfig, store: CounterStore, logger: Logger, now = () => Date.now()): RateLimiter {
  const limits: Record<RateLimitScope, number> = {
    user: config.perUser,
    address: config.perAddress,
    capture: config.capturePerUser,
  };
  let lastFailureLog = 0;
  /** Runs one counting step in the current window; null when the budget is off or the store failed. */
  const count = async (
    scope: RateLimitScope,
    step: (windowEndsAt: number, limit: number) => Promise<{ count: number; allowed: boolean }>,
  ): Promise<RateLimitState | null> => {
    const limit = limits[scope];
    if (limit === 0) return null;
    const at = now();
    const windowEndsAt = (Math.floor(at / config.windowMs) + 1) * config.windowMs;
    let counted: { count: number; allowed: boolean };
    try {
      counted = await step(windowEndsAt, limit);
    } catch (error) {
      if (at - lastFailureLog >= STORE_FAILURE_LOG_INTERVAL_MS) {
        lastFailureLog = at;
        logger.warn({ err: error }, 'rate limit counters unavailable; requests pass uncounted');
      }
      return null;
    }
    return {
      scope,
      limit,
      remaining: Math.max(0, limit - counted.count),
      resetSeconds: Math.max(1, Math.ceil((windowEndsAt - at) / 1000)),
      allowed: counted.allowed,
    };
  };
  return {
    windowSeconds: Math.round(config.windowMs / 1000),
    hit: (scope, id) =>
      count(scope, async (windowEndsAt, limit) => {
        const hits = await store.hit(`${scope}:${id}`, windowEndsAt);
        return { count: hits, allowed: hits <= limit };
      }),
    take: (scope, id, weight) =>
      count(scope, async (windowEndsAt, limit) => {
        const { count: hits, taken } = await store.take(`${scope}:${id}`, windowEndsAt, weight, limit);
        return { count: hits, allowed: taken };
      }),
    close: () => store.close(),
  };
}
