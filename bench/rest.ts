/**
 * `npm run bench:rest`: the three documented operations on Tickler and on a raw node:http baseline
 * (same driver, no framework, no auth), on SQLite and PostgreSQL, all on loopback.
 * BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10), BENCH_PROVIDERS
 * (default "sqlite,postgresql").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { measure, type Measurement } from './support/measure.js';
import { startProcess, stopProcess } from './support/processes.js';
import { seedTasks } from './support/seed.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const TICKLER_PORT = 3901;
const BASELINE_PORT = 3902;
/** Enough pending tasks that every DELETE in a run completes a different pending task. */
const COMPLETE_POOL = 200_000;

type Operation = 'list' | 'create' | 'complete';

interface Target {
  url: string;
  headers: Record<string, string>;
  firstPoolId: bigint;
}

async function runOperations(target: Target): Promise<Record<Operation, Measurement>> {
  let nextId = target.firstPoolId;
  const list = await measure({
    url: `${target.url}/tasks?limit=50`,
    headers: target.headers,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
  });
  const create = await measure({
    url: `${target.url}/tasks`,
    method: 'POST',
    headers: { ...target.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ title: 'Benchmark task', description: 'made by bench/rest.ts', dueAt: '2027-03-01T09:30:00Z' }),
    durationSeconds: DURATION,
    connections: CONNECTIONS,
  });
  const complete = await measure({
    url: `${target.url}/tasks/1`,
    method: 'DELETE',
    headers: target.headers,
    nextPath: () => `/tasks/${nextId++}`,
    durationSeconds: DURATION,
    connections: CONNECTIONS,
  });
  return { list, create, complete };
}

async function benchProvider(provider: DatabaseProvider) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  try {
    await applyMigrations({ provider, url });
    await seedTasks(provider, url, 'bench', 500);
    await seedTasks(provider, url, 'bench-baseline', 500);
    const ticklerPool = await seedTasks(provider, url, 'bench', COMPLETE_POOL);
    const baselinePool = await seedTasks(provider, url, 'bench-baseline', COMPLETE_POOL);

    const tickler = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(TICKLER_PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      `http://127.0.0.1:${TICKLER_PORT}/healthz`,
    );
    const key = await loadOrCreateLocalSigningKey(dataDir);
    const token = await issueLocalToken({ key, userId: 'bench', ttlSeconds: 3600 });
    const ticklerResults = await runOperations({
      url: `http://127.0.0.1:${TICKLER_PORT}`,
      headers: { authorization: `Bearer ${token}` },
      firstPoolId: ticklerPool.first,
    });
    await stopProcess(tickler);

    const baseline = await startProcess(
      ['--import', 'tsx', 'bench/baseline-server.ts', provider, url, String(BASELINE_PORT)],
      {},
      `http://127.0.0.1:${BASELINE_PORT}/`,
    );
    const baselineResults = await runOperations({
      url: `http://127.0.0.1:${BASELINE_PORT}`,
      headers: {},
      firstPoolId: baselinePool.first,
    });
    await stopProcess(baseline);
    return { tickler: ticklerResults, baseline: baselineResults };
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TARGET_RATIO: Record<Operation, number> = { list: 0.5, create: 0.3, complete: 0.3 };
const rows: string[] = [];
for (const provider of PROVIDERS) {
  const results = await benchProvider(provider);
  for (const operation of ['list', 'create', 'complete'] as Operation[]) {
    const t = results.tickler[operation];
    const b = results.baseline[operation];
    const ratio = t.requestsPerSecond / b.requestsPerSecond;
    const problems = t.errors + t.non2xx + b.errors + b.non2xx;
    rows.push(
      [
        provider.padEnd(10),
        operation.padEnd(8),
        t.requestsPerSecond.toFixed(0).padStart(8),
        `${t.p50}/${t.p99}`.padStart(9),
        b.requestsPerSecond.toFixed(0).padStart(8),
        `${b.p50}/${b.p99}`.padStart(9),
        ratio.toFixed(2).padStart(6),
        `>= ${TARGET_RATIO[operation]}`.padStart(7),
        problems === 0 ? '' : `  (${problems} errors/non-2xx!)`,
      ].join(' '),
    );
  }
}
console.log(`\nREST benchmark: ${DURATION}s per run, ${CONNECTIONS} connections, loopback`);
console.log('provider   op        tickler  p50/p99 baseline  p50/p99  ratio  target');
console.log('                       req/s       ms    req/s       ms');
for (const row of rows) console.log(row);
