/**
 * `npm run bench:reminders`: how on time reminders fire.
 *   spike:    BENCH_SPIKE reminders (default 100 000) all due at the same instant
 *   steady:   100 reminders per second for BENCH_STEADY_SECONDS (default 60)
 *   channels: issue 26's scenario, BENCH_CHANNELS_TASKS tasks (default 100 000) with 3 reminders each, all
 *             planned within BENCH_CHANNELS_WINDOW seconds (default 60), for a person with a push
 *             subscription and a confirmed address with email on: each reminder goes by push (to a Web Push
 *             stand-in) and by email (to aiosmtpd), both on loopback. Reports firing lateness and, per
 *             channel, how many were handed over and how late (hand-over minus planned); waits at most
 *             BENCH_CHANNELS_WAIT seconds (default 600) after the last planned time. On SQLite unless
 *             BENCH_PROVIDERS says otherwise.
 * on each of BENCH_PROVIDERS (default "sqlite,postgresql"), BENCH_MODES (default "spike,steady"), with one
 * `tickler serve`; with BENCH_INSTANCES=N (N > 1) the spike also runs with N instances on PostgreSQL sharing
 * one database, each on its own port. Lateness = fired_at - planned fire time, as the service records it.
 * BENCH_CPU_PROF_DIR: where each instance writes a CPU profile (node --cpu-prof) when it stops.
 * channels also prints the service's CPU time (user + system, from /proc) from seeding to stop, per delivery.
 * Results are computed in the database (counts, percentiles), so a million reminders never sit in this process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { seedReminders } from '../test/support/seed-reminders.js';
import { percentile } from './support/paced-load.js';
import { cpuSeconds, freePort, startProcess, stopProcess } from './support/processes.js';
import { channelSummaries, deliveredSoFar, seedChannelUser, startChannelStandIns, VERIFY_EVERY, type ChannelSummary } from './support/reminder-channels.js';
import { countScheduled, firingSummary } from './support/reminder-results.js';

const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const MODES = (process.env.BENCH_MODES ?? 'spike,steady').split(',') as Array<'spike' | 'steady' | 'channels'>;
const CHANNEL_PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite').split(',') as DatabaseProvider[];
const CHANNEL_TASKS = Number(process.env.BENCH_CHANNELS_TASKS ?? 100_000);
const CHANNEL_WINDOW_MS = Number(process.env.BENCH_CHANNELS_WINDOW ?? 60) * 1000;
const CHANNEL_WAIT_MS = Number(process.env.BENCH_CHANNELS_WAIT ?? 600) * 1000;
const REMINDERS_PER_TASK = 3;
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

/**
 * Issue 26's scenario (see the top): 3 reminders a task, spread over the window, each going by push and
 * by email. The planned times start after seeding is surely done, as in run().
 */
async function runChannels(provider: DatabaseProvider) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-channels-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'tickler.db')}`;
  const standIns = await startChannelStandIns();
  const count = CHANNEL_TASKS * REMINDERS_PER_TASK;
  try {
    await applyMigrations({ provider, url });
    const port = await freePort();
    const server = await startProcess(
      [...PROFILE_ARGS, 'bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(port), LOG_LEVEL: 'warn', ...standIns.env },
      `http://127.0.0.1:${port}/healthz`,
    );
    await seedChannelUser(provider, url, 'bench', standIns.subscription);
    const cpuBefore = cpuSeconds(server.pid!);
    // Seeding writes a task and its reminders: rows at SEED_RATE, with room for a loaded machine.
    const start = Date.now() + 10_000 + ((CHANNEL_TASKS + count) / SEED_RATE[provider]) * 2000;
    const fireAt = (i: number) => new Date(start + Math.floor((i * CHANNEL_WINDOW_MS) / count));
    const seedStarted = Date.now();
    await seedReminders(provider, url, { userId: 'bench', count: CHANNEL_TASKS, perTask: REMINDERS_PER_TASK, fireAt });
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    if (Date.now() > start) console.warn(`seeding (${seedSeconds.toFixed(1)} s) ran past the planned time: lateness includes it`);
    const lastPlanned = fireAt(count - 1).getTime();
    let progressAt = Date.now();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const so = await deliveredSoFar(provider, url, standIns);
      if (so.push >= count && so.email >= count) break;
      if (Date.now() > lastPlanned + CHANNEL_WAIT_MS) {
        console.warn(`gave up waiting ${CHANNEL_WAIT_MS / 1000} s after the last planned time: push ${so.push}, email ${so.email} of ${count}`);
        break;
      }
      if (Date.now() - progressAt >= 30_000) {
        progressAt = Date.now();
        console.warn(`${((Date.now() - start) / 1000).toFixed(0)} s after the first planned time: push ${so.push}, email ${so.email} of ${count}`);
      }
    }
    const waitedS = (Date.now() - lastPlanned) / 1000;
    const serviceCpuS = cpuSeconds(server.pid!) - cpuBefore;
    await stopProcess(server);
    const firing = await firingSummary(provider, url);
    const channels = await channelSummaries(provider, url);
    return {
      provider,
      tasks: CHANNEL_TASKS,
      count,
      seedSeconds,
      waitedS,
      serviceCpuS,
      ...firing,
      exactlyOnce: firing.reminderEvents === firing.fired && firing.fired === count && firing.distinctTasks === CHANNEL_TASKS,
      push: { ...channels.push, afterS: (channels.push.lastAt - lastPlanned) / 1000, checked: Math.ceil(standIns.push.requests() / VERIFY_EVERY), rejected: standIns.push.rejected.length },
      email: { ...channels.email, afterS: (channels.email.lastAt - lastPlanned) / 1000 },
    };
  } finally {
    await standIns.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printChannels(results: Array<Awaited<ReturnType<typeof runChannels>>>): void {
  console.log(`\nReminders through push and email (${os.loadavg()[0]!.toFixed(1)} load average at the end, ${os.availableParallelism()} cores)`);
  console.log('lateness = fired_at - planned; hand-over = 201 from the push service / 250 from the SMTP server, minus planned; ms');
  console.log('provider     tasks  reminders    fired  once  p50 late  p99 late  max late');
  for (const r of results) {
    console.log(
      [r.provider.padEnd(10), String(r.tasks).padStart(7), String(r.count).padStart(10), String(r.fired).padStart(8), (r.exactlyOnce ? 'yes' : 'NO').padStart(5), String(r.p50).padStart(9), String(r.p99).padStart(9), String(r.max).padStart(9)].join(' '),
    );
  }
  console.log('provider   channel    queued  delivered  failed  hand-over p50  hand-over p99  last after last planned');
  for (const r of results) {
    for (const [name, c] of [['push', r.push], ['email', r.email]] as Array<[string, ChannelSummary & { afterS: number }]>) {
      console.log(
        [r.provider.padEnd(10), name.padEnd(7), String(c.queued).padStart(9), String(c.delivered).padStart(10), String(c.failed).padStart(7), String(c.p50).padStart(14), String(c.p99).padStart(14), `${c.afterS.toFixed(1)} s`.padStart(24)].join(' '),
      );
    }
    const deliveries = r.push.delivered + r.email.delivered;
    console.log(`${r.provider}: service CPU ${r.serviceCpuS.toFixed(1)} s (user + system, firing and fan-out included), ${deliveries > 0 ? ((r.serviceCpuS * 1000) / deliveries).toFixed(2) : '-'} ms per delivery handed over`);
    console.log(`${r.provider}: the push stand-in checked ${r.push.checked} messages (VAPID and decryption), rejected ${r.push.rejected}`);
  }
}

const scenarios: Scenario[] = [];
for (const provider of PROVIDERS) {
  for (const mode of MODES) if (mode !== 'channels') scenarios.push({ provider, mode, instances: 1 });
  if (provider === 'postgresql' && INSTANCES > 1 && MODES.includes('spike')) scenarios.push({ provider, mode: 'spike', instances: INSTANCES });
}
const channelResults = [];
if (MODES.includes('channels')) {
  for (const provider of CHANNEL_PROVIDERS) {
    const result = await runChannels(provider);
    channelResults.push(result);
    console.log(JSON.stringify(result));
  }
}
const results = [];
for (const scenario of scenarios) {
  const result = await run(scenario);
  results.push(result);
  console.log(JSON.stringify(result));
}
if (channelResults.length > 0) printChannels(channelResults);
if (results.length > 0) {
  console.log('\nReminder firing (lateness = fired_at - planned, ms; fired by = reminders_fired_total of each instance)');
  console.log('provider   mode    inst  reminders    fired  once  all fired after  p50 late  p99 late  max late  /readyz p50/max ms  fired by   target');
}
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
