/**
 * `npm run bench:webhooks`: webhook fan-out and delivery with one `tickler serve` instance.
 *   healthy: 10 000 events (POST /tasks) fanned out to 10 local receivers (100 000 deliveries)
 *   hanging: the same, with one of the 10 receivers never answering (each attempt waits for the
 *            10 s timeout), to show the 9 others are not held up
 *   paced:   events at a steady BENCH_PACED_RATE per second (default 50) for BENCH_PACED_SECONDS (20):
 *            the latency when deliveries keep up, rather than how long a backlog takes to drain
 * on SQLite and PostgreSQL. Latency = arrival at the receiver - the event's timestamp.
 * BENCH_PROVIDERS (default "sqlite,postgresql"), BENCH_EVENTS (default 10000), BENCH_RECEIVERS (default 10),
 * BENCH_SCENARIOS (default "healthy,hanging,paced": which to run, in that order).
 * BENCH_PROFILE_DIR: run each service process with `--cpu-prof` into that directory and print where its
 * CPU time went, by layer (start-up and idle left out).
 *
 * service CPU µs/delivery: the service process's user + system CPU during the scenario (making the
 * events included) ÷ deliveries; it depends much less on other load on the machine than deliveries/s.
 * connections: TCP connections the service opened to the receivers (kept-alive ones are reused).
 * deliveries/s = deliveries that arrived at the answering receivers ÷ (last first arrival − start of
 * the first POST /tasks): the events are produced while earlier ones are delivered, by the same process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { layerShares, profilesIn, readNewProfile, type Layer } from './support/cpu-profile.js';
import { cpuSeconds, startProcess, stopProcess } from './support/processes.js';

const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RECEIVERS = Number(process.env.BENCH_RECEIVERS ?? 10);
/** Concurrent POST /tasks while generating the events. */
const PRODUCERS = 16;
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 50);
const PACED_SECONDS = Number(process.env.BENCH_PACED_SECONDS ?? 20);
const PORT = 3921;
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
/** The service's layers during a burst, matched against a frame's function name and script URL; first match wins. */
const LAYERS: Layer[] = [
  ['signing (standardwebhooks)', /standardwebhooks|fast-sha256|@stablelib|signatureHeaders|signerFor/],
  ['fan-out (outbox → deliveries)', /fan-out-events|webhook-payload|push\/fan-out/],
  ['claiming due deliveries', /claim-due-deliveries|due-endpoints/],
  ['recording attempts', /record-attempts|attempt-recorder/],
  ['attempt pool, dispatcher passes', /attempt-pool|webhook-dispatcher|coalesced-passes/],
  ['URL policy re-check', /webhook-url-policy|address-ranges/],
  ['HTTP client (requests to receivers)', /post-once|send-webhook|_http_client|_http_agent/],
  ['database driver (better-sqlite3, pg)', /better-sqlite3|node_modules\/pg|driver-adapter|adapter-(pg|better-sqlite3)/],
  ['Prisma client (queries, transactions)', /@prisma|src\/generated/],
  ['POST /tasks (Fastify, auth, task service)', /fastify|src\/rest|src\/tasks|src\/auth|jose|src\/idempotency/],
  ['node:http, sockets (either side)', /_http_|\(writev\)|\(writeString\)|node:net|node:internal\/streams/],
  ['logging (pino)', /pino|sonic-boom/],
  ['garbage collector', /\(garbage collector\)/],
];
const BASE = `http://127.0.0.1:${PORT}`;

interface Receiver {
  url: string;
  hang: boolean;
  /** Event -> arrival latency in ms, one per first arrival of a webhook-id. */
  latencies: number[];
  lastArrival: number;
  duplicates: number;
  requests: number;
  badSignatures: number;
  /** TCP connections the service opened to this receiver (keep-alive reuses them). */
  connections: number;
  secret: string;
  close(): void;
}

async function startReceiver(hang: boolean): Promise<Receiver> {
  const seen = new Set<string>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const arrivedAt = Date.now();
      receiver.requests += 1;
      const body = Buffer.concat(chunks).toString('utf8');
      const id = request.headers['webhook-id'] as string;
      // Spot-check signatures exactly as a receiver would (every 100th, to keep the receiver cheap).
      if (receiver.requests % 100 === 1) {
        try {
          new Webhook(receiver.secret).verify(body, request.headers as Record<string, string>);
        } catch {
          receiver.badSignatures += 1;
        }
      }
      if (seen.has(id)) receiver.duplicates += 1;
      else {
        seen.add(id);
        receiver.latencies.push(arrivedAt - Date.parse((JSON.parse(body) as { timestamp: string }).timestamp));
        receiver.lastArrival = arrivedAt;
      }
      if (!hang) response.end('ok');
    });
  });
  server.on('connection', () => (receiver.connections += 1));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const receiver: Receiver = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    hang,
    latencies: [],
    lastArrival: 0,
    duplicates: 0,
    requests: 0,
    badSignatures: 0,
    connections: 0,
    secret: '',
    close: () => {
      server.close();
      server.closeAllConnections();
    },
  };
  return receiver;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function post(token: string, pathname: string, body: unknown): Promise<Response> {
  return fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

interface ScenarioResult {
  name: string;
  eventsPerSecond: number;
  deliveries: number;
  deliveriesPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  duplicates: number;
  badSignatures: number;
  hangingRequests: number | null;
  /** TCP connections the service opened to all receivers. */
  connections: number;
  /** CPU time (user + system) the service process used during the scenario, events and deliveries. */
  serviceCpuSeconds?: number;
}

interface Scenario {
  name: string;
  hanging: boolean;
  events: number;
  /** Events per second; 0: as fast as the producers can go. */
  rate: number;
}

const ALL_SCENARIOS: Scenario[] = [
  { name: 'healthy', hanging: false, events: EVENTS, rate: 0 },
  { name: 'hanging', hanging: true, events: EVENTS, rate: 0 },
  { name: 'paced', hanging: false, events: PACED_RATE * PACED_SECONDS, rate: PACED_RATE },
];
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'healthy,hanging,paced').split(',').map((name) => {
  const scenario = ALL_SCENARIOS.find((s) => s.name === name);
  if (!scenario) throw new Error(`BENCH_SCENARIOS: unknown scenario "${name}"`);
  return scenario;
});

async function runScenario({ name, hanging, events, rate }: Scenario, token: string): Promise<ScenarioResult> {
  const receivers = await Promise.all(Array.from({ length: RECEIVERS }, (_, i) => startReceiver(hanging && i === 0)));
  try {
    for (const receiver of receivers) {
      const response = await post(token, '/webhooks', { url: receiver.url, events: ['task.created'] });
      if (response.status !== 201) throw new Error(`registering a receiver: ${response.status} ${await response.text()}`);
      receiver.secret = ((await response.json()) as { secret: string }).secret;
    }
    const healthy = receivers.filter((r) => !r.hang);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PRODUCERS }, async () => {
        while (next < events) {
          next += 1;
          // Paced: event n is not created before its slot in the schedule.
          if (rate > 0) await new Promise((resolve) => setTimeout(resolve, started + (next * 1000) / rate - Date.now()));
          const response = await post(token, '/tasks', { title: `event ${next}` });
          if (response.status !== 201) throw new Error(`POST /tasks: ${response.status}`);
          await response.arrayBuffer();
        }
      }),
    );
    const produced = Date.now();
    const deadline = Date.now() + 10 * 60_000;
    while (healthy.some((r) => r.latencies.length < events)) {
      if (Date.now() > deadline) throw new Error(`${name}: not every delivery arrived within 10 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const finished = Math.max(...healthy.map((r) => r.lastArrival));
    const latencies = healthy.flatMap((r) => r.latencies).sort((a, b) => a - b);
    return {
      name,
      eventsPerSecond: events / ((produced - started) / 1000),
      deliveries: latencies.length,
      deliveriesPerSecond: latencies.length / ((finished - started) / 1000),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies.at(-1)!,
      duplicates: healthy.reduce((sum, r) => sum + r.duplicates, 0),
      badSignatures: receivers.reduce((sum, r) => sum + r.badSignatures, 0),
      hangingRequests: hanging ? receivers[0]!.requests : null,
      connections: receivers.reduce((sum, r) => sum + r.connections, 0),
    };
  } finally {
    for (const receiver of receivers) receiver.close();
  }
}

/** Each scenario on a fresh database and a fresh service process, so none inherits another's rows. */
async function benchScenario(provider: DatabaseProvider, scenario: Scenario): Promise<ScenarioResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-webhooks-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  try {
    await applyMigrations({ provider, url });
    const before = PROFILE_DIR ? profilesIn(PROFILE_DIR) : undefined;
    const tickler = await startProcess(
      [...(PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', PROFILE_DIR] : []), 'bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', WEBHOOK_ALLOW_INSECURE: 'true' },
      `${BASE}/healthz`,
    );
    let result: ScenarioResult;
    try {
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const cpuBefore = cpuSeconds(tickler.pid!);
      result = await runScenario(scenario, await issueLocalToken({ key, userId: 'bench', ttlSeconds: 3600 }));
      result.serviceCpuSeconds = cpuSeconds(tickler.pid!) - cpuBefore;
    } finally {
      await stopProcess(tickler);
    }
    if (PROFILE_DIR && before) printProfile(provider, result, readNewProfile(PROFILE_DIR, before));
    return result;
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printProfile(provider: DatabaseProvider, result: ScenarioResult, { file, profile }: ReturnType<typeof readNewProfile>) {
  const { shares, busyMs } = layerShares(profile, LAYERS);
  console.log(`\n${provider} ${result.name}: ${result.deliveriesPerSecond.toFixed(0)} deliveries/s under --cpu-prof (profiling slows it)`);
  console.log(`service CPU ${(busyMs / 1000).toFixed(1)} s busy, ${((busyMs * 1000) / result.deliveries).toFixed(0)} µs per delivery; by layer:`);
  for (const [layer, share] of shares) console.log(`${(share * 100).toFixed(0).padStart(4)} %  ${layer}`);
  console.log(`profile: ${file}`);
}

const rows: string[] = [];
for (const provider of PROVIDERS) {
  for (const scenario of SCENARIOS) {
    const result = await benchScenario(provider, scenario);
    rows.push(
      [
        provider.padEnd(10),
        result.name.padEnd(8),
        result.eventsPerSecond.toFixed(0).padStart(8),
        String(result.deliveries).padStart(10),
        result.deliveriesPerSecond.toFixed(0).padStart(12),
        `${result.p50}/${result.p99}/${result.max}`.padStart(20),
        String(result.duplicates).padStart(5),
        String(result.badSignatures).padStart(5),
        result.serviceCpuSeconds === undefined ? '' : `${((result.serviceCpuSeconds * 1e6) / result.deliveries).toFixed(0).padStart(8)}`,
        String(result.connections).padStart(12),
        result.hangingRequests === null ? '' : `  hanging receiver got ${result.hangingRequests} requests`,
      ].join(' '),
    );
  }
}
console.log(`\nWebhook benchmark: ${RECEIVERS} receivers on loopback subscribed to task.created, one instance`);
console.log(`healthy, hanging: ${EVENTS} events as fast as ${PRODUCERS} concurrent POST /tasks go; paced: ${PACED_RATE} events/s`);
console.log(`Figures count the answering receivers only (in "hanging", receiver 1 of ${RECEIVERS} never answers).`);
console.log('provider   scenario  events/s deliveries deliveries/s  event→delivery ms   dup  bad  service CPU  connections');
console.log('                                                          p50/p99/max            µs/delivery  to receivers');
for (const row of rows) console.log(row);
