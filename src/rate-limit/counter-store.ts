import type { Redis } from 'ioredis';
import { redisConnectionError } from '../connection-errors.js';
import type { Logger } from '../logger.js';

/** Counts hits per key in fixed windows; every instance sharing a store shares the counts. */
export interface CounterStore {
  /** Adds one hit to `key` in the window that ends at `windowEndsAt` (epoch ms); resolves to the window's count. */
  hit(key: string, windowEndsAt: number): Promise<number>;
  /**
   * Adds `weight` hits to `key` only if the count stays within `limit`, atomically; otherwise adds none.
   * Resolves to the window's count afterwards and whether the hits were taken.
   */
  take(key: string, windowEndsAt: number, weight: number, limit: number): Promise<{ count: number; taken: boolean }>;
  close(): Promise<void>;
}

/** Counters in this process: right for one instance. */
export function createMemoryCounterStore(): CounterStore {
  let windowEndsAt = 0;
  let counts = new Map<string, number>();
  // All keys share aligned windows, so a new window simply starts a new map.
  const countsOf = (endsAt: number) => {
    if (endsAt !== windowEndsAt) {
      windowEndsAt = endsAt;
      counts = new Map();
    }
    return counts;
  };
  return {
    async hit(key, endsAt) {
      const window = countsOf(endsAt);
      const count = (window.get(key) ?? 0) + 1;
      window.set(key, count);
      return count;
    },
    async take(key, endsAt, weight, limit) {
      const window = countsOf(endsAt);
      const count = window.get(key) ?? 0;
      if (count + weight > limit) return { count, taken: false };
      window.set(key, count + weight);
      return { count: count + weight, taken: true };
    },
    async close() {
      counts.clear();
    },
  };
}

// INCR and, on the window's first hit, an expiry at its end: one round trip, atomic.
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return n`;

// INCRBY only when the whole weight fits the limit (the same expiry on a window's first hits).
const TAKE_SCRIPT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local w = tonumber(ARGV[2])
if n + w > tonumber(ARGV[3]) then return {n, 0} end
n = redis.call('INCRBY', KEYS[1], w)
if n == w then redis.call('PEXPIREAT', KEYS[1], ARGV[1]) end
return {n, 1}`;

/** How long a request may wait for Redis before it is let through uncounted. */
const REDIS_COMMAND_TIMEOUT_MS = 500;

type RedisWithHit = Redis & {
  rateLimitHit(key: string, expireAt: number): Promise<number>;
  rateLimitTake(key: string, expireAt: number, weight: number, limit: number): Promise<[number, number]>;
};

/**
 * Counters in Redis, so N instances share one budget. Keys carry the window's end, so a window's
 * counter expires with it. Commands fail at once while Redis is unreachable (no offline queue): the
 * limiter then lets requests through rather than refusing everyone.
 */
export async function createRedisCounterStore(url: string, keyPrefix: string, logger: Logger): Promise<CounterStore> {
  // ioredis loads only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    keyPrefix,
  }) as RedisWithHit;
  let lastError: unknown;
  redis.on('error', (error: Error) => {
    lastError = error;
    logger.debug({ err: error }, 'rate limit Redis connection error');
  });
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  redis.defineCommand('rateLimitTake', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    // ioredis rejects with "Connection is closed."; the error event before it says why.
    throw redisConnectionError(url, lastError ?? error);
  }
  return {
    async hit(key, windowEndsAt) {
      return Number(await redis.rateLimitHit(`${key}:${windowEndsAt}`, windowEndsAt));
    },
    async take(key, windowEndsAt, weight, limit) {
      const [count, taken] = await redis.rateLimitTake(`${key}:${windowEndsAt}`, windowEndsAt, weight, limit);
      return { count: Number(count), taken: Number(taken) === 1 };
    },
    async close() {
      redis.disconnect();
    },
  };
}
