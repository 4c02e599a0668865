/**
 * `npm run bench:profile`: where a request's CPU time goes. Starts the compiled service (`npm run
 * build:server` first) on SQLite with `--cpu-prof`, drives one operation with autocannon (warm-up, then
 * the recorded run), stops it and prints the profile's samples grouped into the layers of the stack.
 * Each sample counts for the nearest frame on its stack that belongs to a layer, so a socket write
 * made on behalf of Yoga counts for Yoga; start-up and idle time are left out of the shares.
 * BENCH_OPERATION: `graphql-list` (default, `tasks(first: 50)`), `rest-list` (GET /tasks?limit=50),
 * `graphql-create`, `rest-create`; BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 10);
 * BENCH_PROFILE_DIR keeps the .cpuprofile (for Chrome DevTools), otherwise it is deleted.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import { applyMigrations } from '../src/db/migrate.js';
import { layerShares, profilesIn, readNewProfile, type Layer } from './support/cpu-profile.js';
import { measure, type LoadOptions } from './support/measure.js';
import { startProcess, stopProcess } from './support/processes.js';
import { seedTasks } from './support/seed.js';

const OPERATION = process.env.BENCH_OPERATION ?? 'graphql-list';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = 3904;
const COMPILED_MAIN = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const TASK_FIELDS = 'id title description dueAt priority status';
const NEW_TASK = { title: 'Benchmark task', description: 'made by bench/profile.ts', dueAt: '2027-03-01T09:30:00Z' };

/** The stack's layers, matched against a frame's function name and script URL; first match wins. */
const LAYERS: Layer[] = [
  ['task store SQL (driver and row mapping)', /tasks\/store\/|better-sqlite3|node_modules\/pg/],
  ['GraphQL execution (graphql-js, executor, Pothos, resolvers, scalars)', /@graphql-tools|node_modules\/graphql\/|@pothos|src\/graphql\/schema|list-task-page|task-view/],
  ['Yoga, envelop, whatwg-node (request/response adaptation, result stringify)', /graphql-yoga|@envelop|@whatwg-node/],
  ['Prisma client', /@prisma|src\/generated/],
  ['logging (pino)', /pino|sonic-boom/],
  ['metrics (prom-client)', /prom-client|src\/metrics/],
  ['authentication (jose, caller)', /jose|src\/auth/],
  ['abort signals', /abort_controller|domexception/],
  ['Fastify, node:http, sockets', /fastify|_http_|\(writev\)|\(writeString\)|node:net|node:internal\/streams/],
  ['garbage collector', /\(garbage collector\)/],
];
if (!existsSync(COMPILED_MAIN)) throw new Error('no compiled build: run `npm run build:server` first');
const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-profile-'));
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(dataDir, 'profile');
const url = `file:${path.join(dataDir, 'bench.db')}`;
const base = `http://127.0.0.1:${PORT}`;
try {
  await applyMigrations({ provider: 'sqlite', url });
  await seedTasks('sqlite', url, 'bench', 500);
  const service = await startProcess(
    ['--cpu-prof', '--cpu-prof-dir', profileDir, COMPILED_MAIN, 'serve'],
    { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'production' },
    `${base}/healthz`,
  );
  const before = profilesIn(profileDir);
  const token = await issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId: 'bench', ttlSeconds: 3600 });
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const graphql = (query: string, variables?: unknown): Omit<LoadOptions, 'durationSeconds' | 'connections'> => ({
    url: `${base}/graphql`,
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const operations: Record<string, Omit<LoadOptions, 'durationSeconds' | 'connections'>> = {
    'graphql-list': graphql(`{ tasks(first: 50, filter: { status: PENDING }) { edges { node { ${TASK_FIELDS} } } } }`),
    'rest-list': { url: `${base}/tasks?limit=50`, headers },
    'graphql-create': graphql(`mutation ($input: CreateTaskInput!) { createTask(input: $input) { ${TASK_FIELDS} } }`, { input: NEW_TASK }),
    'rest-create': { url: `${base}/tasks`, method: 'POST', headers, body: JSON.stringify(NEW_TASK) },
  };
  const operation = operations[OPERATION];
  if (!operation) throw new Error(`BENCH_OPERATION must be one of ${Object.keys(operations).join(', ')}`);
  let recorded;
  try {
    await measure({ ...operation, durationSeconds: 2, connections: CONNECTIONS });
    recorded = await measure({ ...operation, durationSeconds: DURATION, connections: CONNECTIONS });
  } finally {
    await stopProcess(service);
  }
  const { file, profile } = readNewProfile(profileDir, before);
  console.log(`${OPERATION}: ${recorded.requestsPerSecond.toFixed(0)} req/s, p99 ${recorded.p99} ms (profiling slows it)`);
  console.log('share of busy CPU time (start-up and idle left out):');
  for (const [layer, share] of layerShares(profile, LAYERS).shares) console.log(`${(share * 100).toFixed(0).padStart(4)} %  ${layer}`);
  if (process.env.BENCH_PROFILE_DIR) console.log(`profile: ${file}`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
