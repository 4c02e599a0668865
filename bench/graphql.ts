/**
 * `npm run bench:graphql`: `tasks(first: 50)` and `createTask` over GraphQL beside the same operations
 * over REST (GET /tasks?limit=50, POST /tasks), in one run against one Tickler process on SQLite, on
 * loopback. BENCH_DURATION (seconds per operation, default 10), BENCH_CONNECTIONS (default 10).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import { applyMigrations } from '../src/db/migrate.js';
import { measure, type Measurement } from './support/measure.js';
import { startProcess, stopProcess } from './support/processes.js';
import { seedTasks } from './support/seed.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = 3903;
const TASK_FIELDS = 'id title description dueAt priority status';
const NEW_TASK = { title: 'Benchmark task', description: 'made by bench/graphql.ts', dueAt: '2027-03-01T09:30:00Z' };

const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-graphql-'));
const url = `file:${path.join(dataDir, 'bench.db')}`;
const base = `http://127.0.0.1:${PORT}`;
const results: Array<{ operation: string; rest: Measurement; graphql: Measurement }> = [];
try {
  await applyMigrations({ provider: 'sqlite', url });
  await seedTasks('sqlite', url, 'bench', 500);
  const tickler = await startProcess(
    ['bin/tickler.js', 'serve'],
    { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'production' },
    `${base}/healthz`,
  );
  try {
    const token = await issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: 'bench', ttlSeconds: 3600 });
    const auth = { authorization: `Bearer ${token}` };
    const json = { ...auth, 'content-type': 'application/json' };
    const run = (options: Omit<Parameters<typeof measure>[0], 'durationSeconds' | 'connections'>) =>
      measure({ ...options, durationSeconds: DURATION, connections: CONNECTIONS });
    const graphql = (query: string, variables?: unknown) =>
      run({ url: `${base}/graphql`, method: 'POST', headers: json, body: JSON.stringify({ query, variables }) });
    // A short untimed pass of each operation first, so neither side is measured while the JIT warms up.
    const warmUp = (options: Parameters<typeof run>[0]) => measure({ ...options, durationSeconds: 2, connections: CONNECTIONS });
    await warmUp({ url: `${base}/tasks?limit=50`, headers: auth });
    await warmUp({ url: `${base}/graphql`, method: 'POST', headers: json, body: JSON.stringify({ query: `{ tasks(first: 50) { edges { node { id } } } }` }) });

    results.push({
      operation: 'list 50',
      rest: await run({ url: `${base}/tasks?limit=50`, headers: auth }),
      graphql: await graphql(`{ tasks(first: 50, filter: { status: PENDING }) { edges { node { ${TASK_FIELDS} } } } }`),
    });
    results.push({
      operation: 'create',
      rest: await run({ url: `${base}/tasks`, method: 'POST', headers: json, body: JSON.stringify(NEW_TASK) }),
      graphql: await graphql(`mutation ($input: CreateTaskInput!) { createTask(input: $input) { ${TASK_FIELDS} } }`, { input: NEW_TASK }),
    });
  } finally {
    await stopProcess(tickler);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nGraphQL vs REST on SQLite: ${DURATION}s per run, ${CONNECTIONS} connections, loopback, one process`);
console.log('operation      REST req/s  p99 ms   GraphQL req/s  p99 ms   GraphQL/REST');
for (const { operation, rest, graphql } of results) {
  const problems = rest.errors + rest.non2xx + graphql.errors + graphql.non2xx;
  console.log(
    [
      operation.padEnd(12),
      rest.requestsPerSecond.toFixed(0).padStart(12),
      String(rest.p99).padStart(7),
      graphql.requestsPerSecond.toFixed(0).padStart(15),
      String(graphql.p99).padStart(7),
      (graphql.requestsPerSecond / rest.requestsPerSecond).toFixed(2).padStart(14),
      problems === 0 ? '' : `  (${problems} errors/non-2xx!)`,
    ].join(' '),
  );
}
