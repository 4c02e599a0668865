import { createContextCache } from '@pothos/core';
import type { GraphqlContext } from './graphql-context.js';

type Waiter<V> = { resolve: (value: V | null) => void; reject: (error: unknown) => void };

/**
 * Values asked for one key at a time, fetched for every key asked for while GraphQL resolves one level
 * of a result (a whole page of a connection) in one call, as DataLoader does. Nothing is cached past a
 * batch, so a long-lived subscription never answers from old data.
 */
class BatchLoader<K, V> {
  private pending = new Map<K, Waiter<V>[]>();

  constructor(private readonly fetch: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V | null> {
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) {
        // After the promises already settled in this tick: the sibling fields of a list are resolved in
        // one synchronous pass, but nested levels wait for their parents' promises.
        void Promise.resolve().then(() => process.nextTick(() => void this.flush()));
      }
      const waiters = this.pending.get(key) ?? [];
      waiters.push({ resolve, reject });
      this.pending.set(key, waiters);
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    try {
      const values = await this.fetch([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(values.get(key) ?? null);
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }
}

/** One loader per request (GraphQL context) for this fetch. */
export function batchLoader<K, V>(fetch: (ctx: GraphqlContext, keys: K[]) => Promise<Map<K, V>>) {
  return createContextCache((ctx: GraphqlContext) => new BatchLoader<K, V>((keys) => fetch(ctx, keys)));
}
