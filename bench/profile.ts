/**
 * `npm run bench:profile`: where a request's CPU time goes. Starts the compiled service (`npm run
 * build:server` first) with `--cpu-prof`, drives one operation with autocannon (warm-up, then the
 * recorded run), stops it and prints the samples of the recorded run grouped into the layers of the
 * stack (bench/support/cpu-profile-layers.ts), and the share of its wall time the process sat idle
 * (waiting on the database or the network). On PostgreSQL it also prints the commits and row writes per
 * request, from pg_stat_database before and after the recorded run.
 * BENCH_OPERATION: `graphql-list` (default, `tasks(first: 50)`), `rest-list` (GET /tasks?limit=50),
 * `graphql-create`, `rest-create`, `rest-complete` (DELETE /tasks/:id, a different pending task each),
 * `rest-list-20` (GET /tasks?limit=50 for a user in 20 lists, 5 shared, 10 000 tasks: bench:rest's list-20);
 * BENCH_PROVIDER `sqlite` (default) or `postgresql` (a fresh database, dropped afterwards);
 * BENCH_TARGET `tickler` (default) or `baseline` (bench/baseline-server.ts, REST operations only);
 * BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 10), BENCH_PORT (default 3904);
 * BENCH_PROFILE_DIR keeps the .cpuprofile (for Chrome DevTools), otherwise it is deleted.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { layerBreakdown, type CpuProfile } from './support/cpu-profile-layers.js';
import { mapToOriginalSources } from './support/original-sources.js';
import { measure, type LoadOptions } from './support/measure.js';
import { perRequest, readPostgresActivity, type PostgresActivity } from './support/postgres-activity.js';
import { startProcess, stopProcess } from './support/processes.js';
import { seedTasks } from './support/seed.js';
import { seedListsUser } from './support/seed-lists.js';

const OPERATION = process.env.BENCH_OPERATION ?? 'graphql-list';
const PROVIDER = (process.env.BENCH_PROVIDER ?? 'sqlite') as DatabaseProvider;
const TARGET = process.env.BENCH_TARGET ?? 'tickler';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARM_UP_SECONDS = 2;
/** Pending tasks for rest-complete: more than the warm-up and the run can complete at any likely rate. */
const COMPLETE_POOL = (DURATION + WARM_UP_SECONDS) * 5_000;
const PORT = Number(process.env.BENCH_PORT ?? 3904);
const COMPILED_MAIN = fileURLToPath(new URL('../dist/src/cli/main.js', import.meta.url));
const TASK_FIELDS = 'id title description dueAt priority status';
const NEW_TASK = { title: 'Benchmark task', description: 'made by bench/profile.ts', dueAt: '2027-03-01T09:30:00Z' };

if (PROVIDER !== 'sqlite' && PROVIDER !== 'postgresql') throw new Error('BENCH_PROVIDER must be sqlite or postgresql');
if (TARGET !== 'tickler' && TARGET !== 'baseline') throw new Error('BENCH_TARGET must be tickler or baseline');
if (TARGET === 'tickler' && !existsSync(COMPILED_MAIN)) throw new Error('no compiled build: run `npm run build:server` first');

const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);
/** A process's CPU time so far (user + system, every thread), from /proc, in µs (10 ms steps). */
const processCpuMicros = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
};
const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-profile-'));
const profileDir = process.env.BENCH_PROFILE_DIR ?? path.join(dataDir, 'profile');
const postgres = PROVIDER === 'postgresql' ? await createPostgresDatabase() : undefined;
const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
const base = `http://127.0.0.1:${PORT}`;
const userId = TARGET === 'baseline' ? 'bench-baseline' : OPERATION === 'rest-list-20' ? 'bench-lists' : 'bench';
try {
  await applyMigrations({ provider: PROVIDER, url });
  if (OPERATION === 'rest-list-20') await seedListsUser(PROVIDER, url, userId, 'bench-friend', { own: 15, shared: 5, tasks: 10_000 });
  else await seedTasks(PROVIDER, url, userId, 500);
  const pool = OPERATION === 'rest-complete' ? await seedTasks(PROVIDER, url, userId, COMPLETE_POOL) : undefined;
  const profiling = ['--cpu-prof', '--cpu-prof-dir', profileDir];
  const before = new Set(existsSync(profileDir) ? readdirSync(profileDir) : []);
  const service =
    TARGET === 'baseline'
      ? await startProcess([...profiling, '--import', 'tsx', 'bench/baseline-server.ts', PROVIDER, url, String(PORT)], {}, `${base}/`)
      : await startProcess(
          [...profiling, COMPILED_MAIN, 'serve'],
          { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', NODE_ENV: 'production' },
          `${base}/healthz`,
        );
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (TARGET === 'tickler') {
    const token = await issueLocalToken({ key: await loadOrCreateLocalSigningKey(dataDir), userId, ttlSeconds: 3600 });
    headers.authorization = `Bearer ${token}`;
  }
  const graphql = (query: string, variables?: unknown): Omit<LoadOptions, 'durationSeconds' | 'connections'> => ({
    url: `${base}/graphql`,
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  let nextId = pool?.first ?? 0n;
  const operations: Record<string, Omit<LoadOptions, 'durationSeconds' | 'connections'>> = {
    'graphql-list': graphql(`{ tasks(first: 50, filter: { status: PENDING }) { edges { node { ${TASK_FIELDS} } } } }`),
    'rest-list': { url: `${base}/tasks?limit=50`, headers },
    'rest-list-20': { url: `${base}/tasks?limit=50`, headers },
    'graphql-create': graphql(`mutation ($input: CreateTaskInput!) { createTask(input: $input) { ${TASK_FIELDS} } }`, { input: NEW_TASK }),
    'rest-create': { url: `${base}/tasks`, method: 'POST', headers, body: JSON.stringify(NEW_TASK) },
    'rest-complete': { url: `${base}/tasks/1`, method: 'DELETE', headers: { authorization: headers.authorization ?? '' }, nextPath: () => `/tasks/${nextId++}` },
  };
  const operation = operations[OPERATION];
  if (!operation) throw new Error(`BENCH_OPERATION must be one of ${Object.keys(operations).join(', ')}`);
  if (TARGET === 'baseline' && !OPERATION.startsWith('rest-')) throw new Error('the baseline serves REST operations only');
  if (TARGET === 'baseline' && OPERATION === 'rest-list-20') throw new Error('the baseline has one list: profile its rest-list');
  let recorded;
  let window: [number, number];
  let activity: PostgresActivity | undefined;
  let cpuPerRequest = 0;
  try {
    await measure({ ...operation, durationSeconds: WARM_UP_SECONDS, connections: CONNECTIONS });
    const activityBefore = postgres ? await readPostgresActivity(postgres.name) : undefined;
    const from = monotonicMicros();
    const cpuBefore = processCpuMicros(service.pid!);
    recorded = await measure({ ...operation, durationSeconds: DURATION, connections: CONNECTIONS });
    cpuPerRequest = (processCpuMicros(service.pid!) - cpuBefore) / recorded.total;
    window = [from, monotonicMicros()];
    if (postgres && activityBefore) activity = perRequest(activityBefore, await readPostgresActivity(postgres.name), recorded.total);
  } finally {
    await stopProcess(service);
  }
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: the main thread's, not a loader worker's (tsx).
  const written = readdirSync(profileDir).filter((name) => /\.0\.\d+\.cpuprofile$/.test(name) && !before.has(name));
  if (written.length !== 1) throw new Error(`expected one new profile in ${profileDir}, found ${written.length}`);
  const profile = mapToOriginalSources(JSON.parse(readFileSync(path.join(profileDir, written[0]!), 'utf8')) as CpuProfile);
  const breakdown = layerBreakdown(profile, ...window);
  const problems = recorded.errors + recorded.non2xx;
  console.log(
    `${TARGET} ${OPERATION} on ${PROVIDER}: ${recorded.requestsPerSecond.toFixed(0)} req/s, p99 ${recorded.p99} ms (profiling slows it)` +
      (problems === 0 ? '' : `, ${problems} errors/non-2xx!`),
  );
  console.log(`server CPU (user + system, all threads) per request: ${cpuPerRequest.toFixed(0)} µs, profiler included (load moves it less than throughput)`);
  console.log('share of busy CPU time in the recorded run (idle left out):');
  for (const [layer, share] of breakdown.busyShares) console.log(`${(share * 100).toFixed(0).padStart(4)} %  ${layer}`);
  console.log(`idle (waiting on the database or the network): ${(breakdown.idleShare * 100).toFixed(0)} % of wall time`);
  if (activity) {
    console.log(
      `per request (pg_stat_database, background passes included): ${activity.commits.toFixed(2)} commits, ` +
        `${activity.inserted.toFixed(2)} rows inserted, ${activity.updated.toFixed(2)} updated, ${activity.deleted.toFixed(2)} deleted`,
    );
  }
  if (process.env.BENCH_PROFILE_DIR) console.log(`profile: ${path.join(profileDir, written[0]!)}`);
} finally {
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
