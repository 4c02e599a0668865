import { expect, it } from 'vitest';
import { runBench } from '../support/run-bench.js';

// The benchmark itself is not part of `npm test`; this runs it in a tiny configuration to prove it works.
it('bench/latency.ts loads list and create at a fixed rate on both databases and prints their latencies', async () => {
  const { code, stdout, stderr } = await runBench('latency.ts', { BENCH_RATE: '100', BENCH_DURATION: '2', BENCH_WARMUP: '1' });
  expect(code, stderr).toBe(0);
  const rows = stdout
    .split('\n')
    .map((line) => line.match(/^(sqlite|postgresql)\s+(list|create)\s+(autocannon -R|paced)\s+(\d+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+< 10/))
    .filter((match) => match !== null);
  expect(rows.map((m) => `${m[1]} ${m[2]} ${m[3]}`).sort()).toEqual(
    ['postgresql', 'sqlite'].flatMap((db) => ['create', 'list'].flatMap((op) => [`${db} ${op} autocannon -R`, `${db} ${op} paced`])).sort(),
  );
  for (const m of rows) {
    const [rate, p50, p90, p99, max] = m.slice(4).map(Number) as [number, number, number, number, number];
    // Some of the asked rate (a 2 s run after a 1 s warm-up: a loaded 2-core machine holds less of it,
    // down to nothing in a cold 1 s run at load 13; speed is the bench's to measure, not this test's),
    // not far above it (autocannon's -R catches up after a stall of the machine: 150 of 100 asked was seen
    // in a CI run), and ordered percentiles.
    expect(rate).toBeGreaterThan(10);
    expect(rate).toBeLessThanOrEqual(200);
    expect(p50).toBeLessThanOrEqual(p90);
    expect(p90).toBeLessThanOrEqual(p99);
    expect(p99).toBeLessThanOrEqual(max);
  }
}, 120_000);
