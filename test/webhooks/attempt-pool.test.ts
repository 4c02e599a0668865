import { describe, expect, it } from 'vitest';
import { createAttemptPool } from '../../src/webhooks/attempt-pool.js';
import type { ClaimedDelivery } from '../../src/webhooks/claim-due-deliveries.js';
import type { AttemptOutcome } from '../../src/webhooks/send-webhook.js';

const now = new Date('2026-11-28T12:00:00Z');

function delivery(id: number, endpointId: number): ClaimedDelivery {
  return {
    id: BigInt(id),
    endpointId: BigInt(endpointId),
    eventId: `evt_${id}`,
    eventType: 'task.created',
    payload: '{}',
    attemptCount: 0,
    url: 'https://example.com/hook',
    secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    lockedUntil: new Date(now.getTime() + 60_000),
  };
}

const ok: AttemptOutcome = { ok: true, statusCode: 200, latencyMs: 1, error: null, responseBody: 'ok' };

describe('attempt pool', () => {
  it('counts attempts the recorder has not written yet against the room for claims', async () => {
    let unrecorded = 0;
    const results: unknown[] = [];
    const pool = createAttemptPool({
      concurrency: 4,
      concurrencyPerEndpoint: 2,
      prefetch: 8,
      timeoutMs: 1000,
      now: () => now,
      unrecorded: () => unrecorded,
      send: async () => ok,
      onResult: (result) => {
        results.push(result);
        unrecorded += 1;
      },
      onStale: () => {},
      onRoom: () => {},
    });
    expect(pool.room().limit).toBe(32);
    pool.add([delivery(1, 1), delivery(2, 1), delivery(3, 2)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(results).toHaveLength(3);
    // Finished but unrecorded: still taking room, so claims cannot outrun the recorder.
    expect(pool.room().limit).toBe(29);
    unrecorded = 0;
    expect(pool.room().limit).toBe(32);
    await pool.close();
  });
});
