import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fanOutEvents } from '../../src/webhooks/fan-out-events.js';
import { PROVIDERS } from '../support/test-service.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

const EVENTS = 500;
const BATCH = 100;

describe.each(PROVIDERS)('the outbox fan-out under a flood, on %s', (provider) => {
  let database: TestDatabase;
  let seeded = 0;
  beforeAll(async () => {
    database = await createTestDatabase(provider);
  });
  afterAll(async () => {
    await database?.close();
  });
  beforeEach(async () => {
    const base = (seeded += 1) * 1_000_000;
    await database.db.event.createMany({
      data: Array.from({ length: EVENTS }, (_, i) => ({
        id: `00000000-0000-7000-8000-${String(base + i).padStart(12, '0')}`,
        type: 'task.created',
        userId: 'flood',
        occurredAt: new Date(),
        payload: JSON.stringify({ type: 'task.created' }),
      })),
    });
  });

  const deps = () => ({ db: database.db, provider, now: () => new Date(), firstAttemptDelayMs: 0, batchSize: BATCH });
  const unfanned = () => database.db.event.count({ where: { fannedOutAt: null } });

  it('lets timers run between its transactions, while events are still waiting', async () => {
    let waitingWhenTimerRan: number | undefined;
    let timerRan = false;
    setTimeout(() => {
      timerRan = true;
      void unfanned().then((count) => (waitingWhenTimerRan = count));
    }, 0);
    const result = await fanOutEvents(deps());
    expect(result.more).toBe(false);
    expect(timerRan).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Read mid-flood: some batches were left when the timer had its turn.
    expect(waitingWhenTimerRan).toBeGreaterThan(0);
    expect(await unfanned()).toBe(0);
  });

  it('returns with `more` once its time budget is spent or it is stopped, after a whole batch', async () => {
    const budgeted = await fanOutEvents({ ...deps(), budgetMs: 0 });
    expect(budgeted.more).toBe(true);
    expect(await unfanned()).toBe(EVENTS - BATCH);
    let batches = 0;
    const stopped = await fanOutEvents({ ...deps(), stopped: () => (batches += 1) >= 2 });
    expect(stopped.more).toBe(true);
    expect(await unfanned()).toBe(EVENTS - 3 * BATCH);
    expect((await fanOutEvents(deps())).more).toBe(false);
    expect(await unfanned()).toBe(0);
  });
});
