/**
 * `npm run bench:reminders`: how on time reminders fire.
 *   spike:  BENCH_SPIKE reminders (default 100 000) all due at the same instant
 *   steady: 100 reminders per second for BENCH_STEADY_SECONDS (default 60)
 * on each of BENCH_PROVIDERS (default "sqlite,postgresql"), BENCH_MODES (default "spike,steady"), with one
 * `tickler serve`; with BENCH_INSTANCES=N (N > 1) the spike also runs with N instances on PostgreSQL sharing
 * one database, each on its own port. Lateness = fired_at - planned fire time, as the service records it.
 * BENCH_CPU_PROF_DIR: where each instance writes a CPU profile (node --cpu-prof) when it stops.
 * Results are computed in the database (counts, percentiles), so a million reminders never sit in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { seedReminders } from '../test/support/seed-reminders.js';
import { percentile } from './support/paced-load.js';
import { freePort, startProcess, stopProcess } from './support/processes.js';
import { countScheduled, firingSummary } from './support/reminder-results.js';

const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const MODES = (process.env.BENCH_MODES ?? 'spike,steady').split(',') as Array<'spike' | 'steady'>;
const SPIKE = Number(process.env.BENCH_SPIKE ?? 100_000);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 60);
const INSTANCES = Number(process.env.BENCH_INSTANCES ?? 1);
const STEADY_RATE = 100;
// With BENCH_CPU_PROF_DIR set, each `tickler serve` writes a CPU profile there when it stops.
const PROFILE_ARGS = process.env.BENCH_CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF_DIR] : [];
// Rows seeded per second, at the least, when choosing how far ahead the spike is planned.
const SEED_RATE: Record<DatabaseProvider, number> = { sqlite: 50_000, postgresql: 20_000 };

interface Scenario {
  provider: DatabaseProvider;
  mode: 'spike' | 'steady';
  instances: number;
}

/** Reads a counter of one instance's Prometheus text (loopback needs no token). */
async function counter(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(120_000) })).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/**
 * Polls /readyz every 250 ms while `during` runs: does the spike starve the HTTP API? An answer that takes
 * longer than 5 s counts as 5 s (and the poll goes on), so a starved instance cannot hold the benchmark.
 */
async function readyzLatencies(base: string, during: Promise<void>): Promise<number[]> {
  const latencies: number[] = [];
  let done = false;
  void during.finally(() => (done = true));
  while (!done) {
    const started = performance.now();
    await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(5_000) }).then((r) => r.arrayBuffer()).catch(() => undefined);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return latencies.sort((a, b) => a - b);
}

async function run({ provider, mode, instances }: Scenario) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-reminders-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'tickler.db')}`;
  try {
    await applyMigrations({ provider, url });
    const bases: string[] = [];
    const servers = [];
    for (let i = 0; i < instances; i += 1) {
      const port = await freePort();
      bases.push(`http://127.0.0.1:${port}`);
      servers.push(
        await startProcess([...PROFILE_ARGS, 'bin/tickler.js', 'serve'], { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn' }, `${bases[i]}/healthz`),
      );
    }
    const count = mode === 'spike' ? SPIKE : STEADY_RATE * STEADY_SECONDS;
    // Planned times start after seeding is surely done, so seeding time never counts as lateness.
    const start = Date.now() + 5_000 + (mode === 'spike' ? (count / SEED_RATE[provider]) * 1000 : 5_000);
    const fireAt = mode === 'spike' ? () => new Date(start) : (i: number) => new Date(start + (i * 1000) / STEADY_RATE);
    const seedStarted = Date.now();
    await seedReminders(provider, url, { userId: 'bench', count, fireAt });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    if (Date.now() > start) console.warn(`seeding (${seedSeconds.toFixed(1)} s) ran past the planned time: lateness includes it`);
    const lastPlanned = fireAt(count - 1).getTime();
    const deadline = lastPlanned + 180_000 + count / 10;
    const waited = (async () => {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (Date.now() > lastPlanned && (await countScheduled(provider, url)) === 0) return;
      }
    })();
    const readyz = await readyzLatencies(bases[0]!, waited);
    const firedBy = await Promise.all(bases.map((base) => counter(base, 'reminders_fired_total')));
    for (const server of servers) await stopProcess(server);
    const summary = await firingSummary(provider, url);
    return {
      provider,
      mode,
      instances,
      count,
      seedSeconds,
      ...summary,
      allFiredAfterS: (summary.lastFiredAt - start) / 1000,
      firedBy,
      exactlyOnce: summary.reminderEvents === summary.fired && summary.distinctTasks === summary.fired && summary.fired === count,
      readyzP50: Math.round(percentile(readyz, 0.5)),
      readyzMax: Math.round(readyz.at(-1) ?? NaN),
    };
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const scenarios: Scenario[] = [];
for (const provider of PROVIDERS) {
  for (const mode of MODES) scenarios.push({ provider, mode, instances: 1 });
  if (provider === 'postgresql' && INSTANCES > 1 && MODES.includes('spike')) scenarios.push({ provider, mode: 'spike', instances: INSTANCES });
}
const results = [];
for (const scenario of scenarios) {
  const result = await run(scenario);
  results.push(result);
  console.log(JSON.stringify(result));
}
console.log('\nReminder firing (lateness = fired_at - planned, ms; fired by = reminders_fired_total of each instance)');
console.log('provider   mode    inst  reminders    fired  once  all fired after  p50 late  p99 late  max late  /readyz p50/max ms  fired by   target');
for (const r of results) {
  const target = r.mode === 'spike' ? 'all < 60 s, p99 < 30 s' : 'p99 < 2 s';
  console.log(
    [
      r.provider.padEnd(10),
      r.mode.padEnd(7),
      String(r.instances).padStart(4),
      String(r.count).padStart(10),
      String(r.fired).padStart(8),
      (r.exactlyOnce ? 'yes' : 'NO').padStart(5),
      `${r.allFiredAfterS.toFixed(1)} s`.padStart(16),
      String(r.p50).padStart(9),
      String(r.p99).padStart(9),
      String(r.max).padStart(9),
      `${r.readyzP50}/${r.readyzMax}`.padStart(19),
      ` ${r.firedBy.join('+')}`,
      `  ${target}`,
    ].join(' '),
  );
}
