import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/api/api-error.js';
import { createOfflineQueue, memoryQueueStore, type QueuedCreate } from '../../web/src/offline/offline-queue.js';

/** A queue whose sends go to `answer`, recording every attempt (key and title). */
function queueWith(answer: (item: QueuedCreate, attempt: number) => Promise<void>) {
  const store = memoryQueueStore();
  const attempts: { key: string; title: string }[] = [];
  const refused: string[] = [];
  let keys = 0;
  let clock = 0;
  const queue = createOfflineQueue({
    store,
    send: async (item) => {
      attempts.push({ key: item.key, title: item.task.title });
      await answer(item, attempts.length);
    },
    newKey: () => `key-${++keys}`,
    now: () => new Date(Date.UTC(2026, 10, 23, 12, 0, clock++)),
    changed: () => undefined,
    refused: (item, error) => refused.push(`${item.task.title}: ${error.message}`),
  });
  return { queue, store, attempts, refused };
}

describe('the offline queue of creates', () => {
  it('sends a create at once and forgets it once the service took it', async () => {
    const { queue, attempts } = queueWith(async () => undefined);
    await queue.add({ title: 'buy stamps' });
    await queue.flush();
    expect(attempts).toEqual([{ key: 'key-1', title: 'buy stamps' }]);
    expect(await queue.waiting()).toEqual([]);
  });

  it('keeps creates while offline and sends each later with the key it got when it was made', async () => {
    let online = false;
    const { queue, attempts } = queueWith(async () => {
      if (!online) throw new ApiError('offline', 0);
    });
    await queue.add({ title: 'first' });
    await queue.add({ title: 'second' });
    await queue.flush();
    expect((await queue.waiting()).map((item) => item.task.title).sort()).toEqual(['first', 'second']);
    online = true;
    await queue.flush();
    expect(await queue.waiting()).toEqual([]);
    const sent = attempts.filter((_, index) => index >= attempts.length - 2);
    expect(sent).toEqual([
      { key: 'key-1', title: 'first' },
      { key: 'key-2', title: 'second' },
    ]);
    // Every attempt at "first" carried the same key, so the service can answer a retry without a duplicate.
    expect(new Set(attempts.filter((attempt) => attempt.title === 'first').map((attempt) => attempt.key))).toEqual(new Set(['key-1']));
  });

  it('retries a create whose answer was lost with the same key, and stops at the first that cannot go now', async () => {
    const { queue, attempts } = queueWith(async (item, attempt) => {
      if (attempt === 1) throw new ApiError('Another request with this key is in progress', 409);
      if (attempt === 2) throw new ApiError('Service unavailable', 503);
    });
    await queue.add({ title: 'one' });
    await queue.add({ title: 'two' });
    await queue.flush();
    await queue.flush();
    expect(attempts.map((attempt) => attempt.key)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(await queue.waiting()).toEqual([]);
  });

  it('drops a create the service refuses for good and says why, then sends the rest', async () => {
    const { queue, refused, attempts } = queueWith(async (item) => {
      if (item.task.title === 'bad') throw new ApiError('dueAt is not a valid instant', 400, 'BAD_USER_INPUT');
    });
    await queue.add({ title: 'bad' });
    await queue.add({ title: 'good' });
    await queue.flush();
    expect(refused).toEqual(['bad: dueAt is not a valid instant']);
    expect(attempts.map((attempt) => attempt.title)).toEqual(['bad', 'good']);
    expect(await queue.waiting()).toEqual([]);
  });

  it('runs one flush at a time, so no create is sent twice by overlapping flushes', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { queue, attempts } = queueWith(async () => gate);
    await queue.add({ title: 'only once' }); // starts a flush that waits at the gate
    const overlapping = [queue.flush(), queue.flush(), queue.flush()];
    release();
    await Promise.all(overlapping);
    await queue.flush();
    expect(attempts).toEqual([{ key: 'key-1', title: 'only once' }]);
  });

  it('sends the oldest first, whatever order the store answers in', async () => {
    const { queue, store, attempts } = queueWith(async () => undefined);
    await store.put({ key: 'late', task: { title: 'late' }, queuedAt: '2026-11-23T12:00:05.000Z' });
    await store.put({ key: 'early', task: { title: 'early' }, queuedAt: '2026-11-23T12:00:01.000Z' });
    await queue.flush();
    expect(attempts.map((attempt) => attempt.key)).toEqual(['early', 'late']);
  });
});
