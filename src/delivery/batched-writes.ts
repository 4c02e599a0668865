const WRITE_TRIES = 3;

/**
 * Gathers items that arrive close together (within `delayMs` of the first, or until `maxBatch` wait)
 * and writes them with one call each batch, one batch at a time, in order. A batch that fails is tried
 * again (a deadlock broken by PostgreSQL rolls it back whole) up to three times. Each item's promise
 * settles with its own result once its batch is written, or rejects with the batch's last error.
 */
export function batchedWrites<T, R>(write: (batch: T[]) => Promise<R[]>, delayMs: number, maxBatch: number): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function flush(): void {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    writing = writing.then(async () => {
      const items = batch.map((entry) => entry.item);
      for (let tries = 1; ; tries += 1) {
        try {
          const results = await write(items);
          batch.forEach((entry, i) => entry.resolve(results[i]!));
          return;
        } catch (error) {
          if (tries < WRITE_TRIES) {
            await new Promise((resolve) => setTimeout(resolve, 50 * tries));
            continue;
          }
          for (const entry of batch) entry.reject(error);
          return;
        }
      }
    });
  }

  return (item) =>
    new Promise<R>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, delayMs);
    });
}
