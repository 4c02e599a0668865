/**
 * A push-fed async iterator: the producer pushes, ends or fails it; the consumer iterates. Unlike an
 * async generator, return() takes effect at once even while the consumer waits for the next value, so
 * a client that unsubscribes frees its subscription without waiting for one more event.
 */
export interface EventQueue<T> {
  push(value: T): void;
  /** No more values: the consumer gets what is queued, then the end. */
  end(): void;
  /** The consumer gets what is queued, then `error`. */
  fail(error: unknown): void;
  readonly ended: boolean;
  readonly iterator: AsyncIterableIterator<T>;
}

export interface EventQueueOptions<T> {
  /** Called once, when the queue ends for any reason (end, fail, or the consumer's return()). */
  onEnd(): void;
  /** Called as the consumer takes each value. */
  onTake?(value: T): void;
}

type Waiter<T> = { resolve(result: IteratorResult<T>): void; reject(error: unknown): void };

export function createEventQueue<T>(options: EventQueueOptions<T>): EventQueue<T> {
  const values: T[] = [];
  const waiters: Array<Waiter<T>> = [];
  let ended = false;
  let failure: { error: unknown } | undefined;

  const finish = () => {
    if (ended) return;
    ended = true;
    options.onEnd();
  };

  const take = (): IteratorResult<T> => {
    const value = values.shift()!;
    options.onTake?.(value);
    return { value, done: false };
  };

  /** Hands queued values (then the end or the failure) to whoever waits. */
  const settle = () => {
    while (waiters.length > 0) {
      if (values.length > 0) {
        waiters.shift()!.resolve(take());
      } else if (ended) {
        const waiter = waiters.shift()!;
        if (failure) {
          waiter.reject(failure.error);
          failure = undefined;
        } else waiter.resolve({ value: undefined, done: true });
      } else return;
    }
  };

  const iterator: AsyncIterableIterator<T> = {
    next() {
      return new Promise<IteratorResult<T>>((resolve, reject) => {
        waiters.push({ resolve, reject });
        settle();
      });
    },
    return() {
      values.length = 0;
      failure = undefined;
      finish();
      settle();
      return Promise.resolve({ value: undefined, done: true });
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };

  return {
    push(value) {
      if (ended) return;
      values.push(value);
      settle();
    },
    end() {
      finish();
      settle();
    },
    fail(error) {
      if (ended) return;
      failure = { error };
      finish();
      settle();
    },
    get ended() {
      return ended;
    },
    iterator,
  };
}
