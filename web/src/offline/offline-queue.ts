import { ApiError } from '../api/api-error.js';
import type { NewTask } from '../api/types.js';

export type { NewTask } from '../api/types.js';

/** A create waiting to be sent, with the Idempotency-Key it is always sent with. */
export interface QueuedCreate {
  key: string;
  task: NewTask;
  queuedAt: string;
}

/** Where queued creates are kept (IndexedDB in the browser). */
export interface QueueStore {
  all(): Promise<QueuedCreate[]>;
  put(item: QueuedCreate): Promise<void>;
  delete(key: string): Promise<void>;
}

export interface OfflineQueueDeps {
  store: QueueStore;
  /** Sends one create with its key as Idempotency-Key; throws ApiError. */
  send(item: QueuedCreate): Promise<void>;
  newKey(): string;
  now(): Date;
  /** Told when the list of waiting creates may have changed. */
  changed(): void;
  /** Told when the service refused a create for good (it is dropped). */
  refused(item: QueuedCreate, error: ApiError): void;
}

export interface OfflineQueue {
  /** Keeps the create, then tries to send everything waiting. */
  add(task: NewTask): Promise<QueuedCreate>;
  /** Sends what is waiting, oldest first, one at a time; stops at the first that cannot be sent now. */
  flush(): Promise<void>;
  waiting(): Promise<QueuedCreate[]>;
}

/**
 * Creates go through this queue, online or not: each gets a key once, when it is made, and every
 * attempt sends that same key, so a create whose answer was lost is not made twice by a retry (once
 * the service honours Idempotency-Key). Only one flush runs at a time.
 */
export function createOfflineQueue(deps: OfflineQueueDeps): OfflineQueue {
  let running: Promise<void> | null = null;
  let again = false;

  async function drain(): Promise<void> {
    const items = (await deps.store.all()).sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
    for (const item of items) {
      try {
        await deps.send(item);
      } catch (error) {
        const failure = error instanceof ApiError ? error : new ApiError(String(error), 0);
        if (failure.retryable) return;
        await deps.store.delete(item.key);
        deps.changed();
        deps.refused(item, failure);
        continue;
      }
      await deps.store.delete(item.key);
      deps.changed();
    }
  }

  function flush(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await drain();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  }

  return {
    async add(task) {
      const item: QueuedCreate = { key: deps.newKey(), task, queuedAt: deps.now().toISOString() };
      await deps.store.put(item);
      deps.changed();
      void flush();
      return item;
    },
    flush,
    waiting: () => deps.store.all(),
  };
}

/** A store in memory (tests, and browsers without IndexedDB). */
export function memoryQueueStore(): QueueStore {
  const items = new Map<string, QueuedCreate>();
  return {
    all: async () => [...items.values()],
    put: async (item) => void items.set(item.key, item),
    delete: async (key) => void items.delete(key),
  };
}
