import { expect, it } from 'vitest';
import { runBench } from '../support/run-bench.js';

// Neither script is part of `npm test`; these run them in a tiny configuration to prove they work.
it('bench/caldav.ts times PROPFIND Depth 1 of a list and a sync-collection answering just the one change, on both databases', async () => {
  const { code, stdout, stderr } = await runBench('caldav.ts', { BENCH_TASKS: '40', BENCH_ITERATIONS: '3' });
  expect(code, stderr).toBe(0);
  // p50, p99, max, then the service's CPU time per request.
  for (const provider of ['sqlite', 'postgresql']) {
    expect(stdout).toMatch(new RegExp(`^${provider}\\s+PROPFIND Depth 1\\s+41\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+< 150: p50 (met|MISSED), p99 (met|MISSED)$`, 'm'));
    expect(stdout).toMatch(new RegExp(`^${provider}\\s+sync-collection, 1 change\\s+1\\s+[\\d.]+\\s+[\\d.]+\\s+[\\d.]+\\s+answered just the change 3/3 times$`, 'm'));
  }
}, 60_000);

it('bench/caldav-soak.ts syncs clients alongside REST load and reports no error, no lost write and the memory', async () => {
  const { code, stdout, stderr } = await runBench('caldav-soak.ts', { SOAK_DURATION: '4', SOAK_CLIENTS: '3', SOAK_SYNC_INTERVAL: '1000', SOAK_REST_RATE: '10' });
  expect(code, `${stdout}\n${stderr}`).toBe(0);
  const row = /^sqlite\s+syncs (\d+)\s+writes (\d+)\s+errors 0\s+lost writes 0\s+RSS start [\d.]+ MiB warm [\d.]+ MiB end [\d.]+ MiB/m.exec(stdout);
  expect(row, stdout).not.toBeNull();
  expect(Number(row![1])).toBeGreaterThanOrEqual(9);
  expect(Number(row![2])).toBeGreaterThan(10);
}, 60_000);
