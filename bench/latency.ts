/**
 * `npm run bench:latency`: latency at a fixed request rate (default 1 000 req/s), REST list
 * (`GET /tasks?limit=50` of 500 pending tasks) and create (`POST /tasks`), against `tickler serve` as a
 * separate process, on SQLite and PostgreSQL, all on loopback. Each operation is loaded twice:
 *  - "autocannon -R": autocannon's `overallRate`, as the issue names it (BENCH_CONNECTIONS connections,
 *    each sending its share of every second back to back, then waiting for the next second);
 *  - "paced": an open loop sending each request at its own planned time (one every 1 ms at 1 000 req/s)
 *    and timing it from that planned time, so a stall shows in the latencies (no coordinated omission).
 * Prints p50/p90/p99/max and the rate achieved; a rate below 98 % of the asked one is flagged.
 * BENCH_RATE (default 1000), BENCH_DURATION (seconds per run, default 10), BENCH_WARMUP (seconds of
 * unrecorded load before each run, default 2), BENCH_CONNECTIONS (default 10), BENCH_PROVIDERS
 * (default "sqlite,postgresql"). Exits 1 if any request failed or answered other than 2xx.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { measure } from './support/measure.js';
import { pacedLoad } from './support/paced-load.js';
import { freePort, startProcess, stopProcess } from './support/processes.js';
import { seedTasks } from './support/seed.js';

const RATE = Number(process.env.BENCH_RATE ?? 1000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const TARGET_P99_MS = 10;

interface Row {
  provider: DatabaseProvider;
  operation: 'list' | 'create';
  generator: 'autocannon -R' | 'paced';
  achievedRate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  failures: number;
}

interface Operation {
  name: Row['operation'];
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

async function loadBoth(provider: DatabaseProvider, operation: Operation): Promise<Row[]> {
  const rows: Row[] = [];
  const request = { url: operation.url, method: operation.method, headers: operation.headers, body: operation.body };
  if (WARMUP > 0) await measure({ ...request, durationSeconds: WARMUP, connections: CONNECTIONS, overallRate: RATE });
  const a = await measure({ ...request, durationSeconds: DURATION, connections: CONNECTIONS, overallRate: RATE });
  rows.push({
    provider,
    operation: operation.name,
    generator: 'autocannon -R',
    achievedRate: a.total / DURATION,
    p50: a.p50,
    p90: a.p90,
    p99: a.p99,
    max: a.max,
    failures: a.errors + a.non2xx,
  });
  if (WARMUP > 0) await pacedLoad({ ...request, rate: RATE, durationSeconds: WARMUP });
  const p = await pacedLoad({ ...request, rate: RATE, durationSeconds: DURATION });
  rows.push({
    provider,
    operation: operation.name,
    generator: 'paced',
    achievedRate: p.achievedRate,
    p50: p.p50,
    p90: p.p90,
    p99: p.p99,
    max: p.max,
    failures: p.errors + p.non2xx,
  });
  return rows;
}

async function benchProvider(provider: DatabaseProvider): Promise<Row[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-latency-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  try {
    await applyMigrations({ provider, url });
    await seedTasks(provider, url, 'bench', 500);
    const port = await freePort();
    const service = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      `http://127.0.0.1:${port}/healthz`,
    );
    try {
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const token = await issueLocalToken({ key, userId: 'bench', ttlSeconds: 3600 });
      const headers = { authorization: `Bearer ${token}` };
      const base = `http://127.0.0.1:${port}`;
      // List first, so every list reads the same 500 seeded tasks' first page.
      const list = await loadBoth(provider, { name: 'list', url: `${base}/tasks?limit=50`, method: 'GET', headers });
      const create = await loadBoth(provider, {
        name: 'create',
        url: `${base}/tasks`,
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'Benchmark task', description: 'made by bench/latency.ts', dueAt: '2027-03-01T09:30:00Z' }),
      });
      return [...list, ...create];
    } finally {
      await stopProcess(service);
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const rows: Row[] = [];
for (const provider of PROVIDERS) rows.push(...(await benchProvider(provider)));

console.log(`\nLatency at a fixed rate: ${RATE} req/s asked, ${DURATION} s per run after ${WARMUP} s warm-up, loopback`);
console.log(`(autocannon -R with ${CONNECTIONS} connections; paced: open loop, timed from each request's planned send)`);
console.log('provider   op      generator       req/s  p50 ms  p90 ms  p99 ms  max ms  p99 target');
let failed = false;
for (const row of rows) {
  const held = row.achievedRate >= 0.98 * RATE;
  failed ||= row.failures > 0;
  console.log(
    [
      row.provider.padEnd(10),
      row.operation.padEnd(7),
      row.generator.padEnd(13),
      row.achievedRate.toFixed(0).padStart(7),
      ...[row.p50, row.p90, row.p99, row.max].map((ms) => String(ms).padStart(7)),
      `  < ${TARGET_P99_MS} ${row.p99 < TARGET_P99_MS ? 'met' : 'MISSED'}`,
      held ? '' : `  (rate NOT held: ${row.achievedRate.toFixed(0)} of ${RATE} req/s)`,
      row.failures === 0 ? '' : `  (${row.failures} errors/non-2xx!)`,
    ].join(' '),
  );
}
if (failed) process.exitCode = 1;
