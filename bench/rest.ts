/**
 * `npm run bench:rest`: the three documented operations on Tickler and on a raw node:http baseline
 * (same driver, no framework, no auth), on SQLite and PostgreSQL, all on loopback.
 * BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS (default 10), BENCH_PROVIDERS
 * (default "sqlite,postgresql"), BENCH_OPERATIONS (default "list,list-20,create,complete"; only what
 * the chosen ones need is seeded: complete's pool is 2 × 200 000 tasks). Each step's time goes to stderr.
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
import { seedListsUser } from './support/seed-lists.js';
import { seedTasks } from './support/seed.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const OPERATIONS = (process.env.BENCH_OPERATIONS ?? 'list,list-20,create,complete').split(',') as Operation[];
const TICKLER_PORT = 3901;
const BASELINE_PORT = 3902;
/** Enough pending tasks that every DELETE in a run completes a different pending task. */
const COMPLETE_POOL = 200_000;

type Operation = 'list' | 'create' | 'complete' | 'list-20';
type BaseOperation = Exclude<Operation, 'list-20'>;

/** The lists issue's case: a user in 20 lists (5 shared by someone else), 10 000 tasks in all. */
const IN_MANY_LISTS = { own: 15, shared: 5, tasks: 10_000 };

interface Target {
  url: string;
  headers: Record<string, string>;
  firstPoolId: bigint;
}

/** Runs one step, saying on stderr what it is and then how long it took, so a slow seed shows. */
async function step<T>(provider: DatabaseProvider, label: string, work: () => Promise<T>): Promise<T> {
  console.error(`[${provider}] ${label}…`);
  const started = performance.now();
  const result = await work();
  console.error(`[${provider}] ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return result;
}

async function runOperations(provider: DatabaseProvider, target: Target, operations: BaseOperation[]): Promise<Partial<Record<BaseOperation, Measurement>>> {
  let nextId = target.firstPoolId;
  const options: Record<BaseOperation, Parameters<typeof measure>[0]> = {
    list: { url: `${target.url}/tasks?limit=50`, headers: target.headers, durationSeconds: DURATION, connections: CONNECTIONS },
    create: {
      url: `${target.url}/tasks`,
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Benchmark task', description: 'made by bench/rest.ts', dueAt: '2027-03-01T09:30:00Z' }),
      durationSeconds: DURATION,
      connections: CONNECTIONS,
    },
    complete: {
      url: `${target.url}/tasks/1`,
      method: 'DELETE',
      headers: target.headers,
      nextPath: () => `/tasks/${nextId++}`,
      durationSeconds: DURATION,
      connections: CONNECTIONS,
    },
  };
  const results: Partial<Record<BaseOperation, Measurement>> = {};
  for (const operation of (['list', 'create', 'complete'] as const).filter((op) => operations.includes(op))) {
    results[operation] = await step(provider, `${operation} on ${target.url}`, () => measure(options[operation]));
  }
  return results;
}

async function benchProvider(provider: DatabaseProvider) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  const ticklerOperations = OPERATIONS.filter((op): op is BaseOperation => op !== 'list-20');
  // list-20 is held to the baseline's list.
  const baselineOperations = OPERATIONS.map((op): BaseOperation => (op === 'list-20' ? 'list' : op));
  try {
    await step(provider, 'migrate', () => applyMigrations({ provider, url }));
    await step(provider, 'seed 2 × 500 tasks', async () => {
      await seedTasks(provider, url, 'bench', 500);
      await seedTasks(provider, url, 'bench-baseline', 500);
    });
    if (OPERATIONS.includes('list-20')) {
      await step(provider, 'seed a user in 20 lists, 10 000 tasks', () => seedListsUser(provider, url, 'bench-lists', 'bench-friend', IN_MANY_LISTS));
    }
    const pool = (userId: string) =>
      OPERATIONS.includes('complete') ? step(provider, `seed ${COMPLETE_POOL} tasks for ${userId}`, () => seedTasks(provider, url, userId, COMPLETE_POOL)) : { first: 1n };
    const ticklerPool = await pool('bench');
    const baselinePool = await pool('bench-baseline');

    const tickler = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(TICKLER_PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      `http://127.0.0.1:${TICKLER_PORT}/healthz`,
    );
    const key = await loadOrCreateLocalSigningKey(dataDir);
    const token = await issueLocalToken({ key, userId: 'bench', ttlSeconds: 3600 });
    const ticklerResults: Partial<Record<Operation, Measurement>> = await runOperations(
      provider,
      { url: `http://127.0.0.1:${TICKLER_PORT}`, headers: { authorization: `Bearer ${token}` }, firstPoolId: ticklerPool.first },
      ticklerOperations,
    );
    if (OPERATIONS.includes('list-20')) {
      const listsToken = await issueLocalToken({ key, userId: 'bench-lists', ttlSeconds: 3600 });
      ticklerResults['list-20'] = await step(provider, 'list-20 on Tickler', () =>
        measure({ url: `http://127.0.0.1:${TICKLER_PORT}/tasks?limit=50`, headers: { authorization: `Bearer ${listsToken}` }, durationSeconds: DURATION, connections: CONNECTIONS }),
      );
    }
    await stopProcess(tickler);

    const baseline = await startProcess(
      ['--import', 'tsx', 'bench/baseline-server.ts', provider, url, String(BASELINE_PORT)],
      {},
      `http://127.0.0.1:${BASELINE_PORT}/`,
    );
    const baselineResults = await runOperations(provider, { url: `http://127.0.0.1:${BASELINE_PORT}`, headers: {}, firstPoolId: baselinePool.first }, baselineOperations);
    await stopProcess(baseline);
    const baselineAll: Partial<Record<Operation, Measurement>> = { ...baselineResults, 'list-20': baselineResults.list };
    return { tickler: ticklerResults, baseline: baselineAll };
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const TARGET_RATIO: Record<Operation, number> = { list: 0.5, create: 0.3, complete: 0.3, 'list-20': 0.5 };
const rows: string[] = [];
for (const provider of PROVIDERS) {
  const results = await benchProvider(provider);
  for (const operation of (['list', 'list-20', 'create', 'complete'] as Operation[]).filter((op) => OPERATIONS.includes(op))) {
    const t = results.tickler[operation]!;
    const b = results.baseline[operation]!;
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
console.log('list-20: GET /tasks?limit=50 for a user in 20 lists (5 shared), 10 000 tasks, against the one-list baseline');
console.log('provider   op        tickler  p50/p99 baseline  p50/p99  ratio  target');
console.log('                       req/s       ms    req/s       ms');
for (const row of rows) console.log(row);
