import { expect, it } from 'vitest';
import { runBench } from '../support/run-bench.js';

// The benchmark itself is not part of `npm test`; this runs it in a tiny configuration to prove it works.
it('bench/subscribers.ts delivers every change to its own user\'s WebSocket subscriber on both databases and prints latency and memory', async () => {
  const { code, stdout, stderr } = await runBench('subscribers.ts', {
    BENCH_SUBSCRIBERS: '20',
    BENCH_CHANGES: '30',
    BENCH_WARMUP_CHANGES: '5',
    BENCH_CHANGE_RATE: '50',
    BENCH_CONNECT_BATCH: '7',
  });
  // Exit 1 when a change is missing or reached another user's subscriber.
  expect(code, stdout + stderr).toBe(0);
  for (const db of ['sqlite', 'postgresql']) {
    expect(stdout).toMatch(new RegExp(`^${db}\\s+20\\s+[\\d.]+\\s+\\d+/\\d+/\\d+\\s+-?[\\d.]+\\s+\\d+$`, 'm'));
    for (const from of ['POST sent', 'occurredAt']) {
      expect(stdout).toMatch(new RegExp(`^${db}\\s+${from}\\s+30/30(\\s+[\\d.]+){4}\\s+< 100`, 'm'));
    }
  }
}, 60_000);
