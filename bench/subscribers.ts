/**
 * `npm run bench:subscribers`: many WebSocket subscribers on one `tickler serve`, one per user, each
 * holding a graphql-ws `taskChanged` subscription with its own local-issuer token; then changes
 * (`POST /tasks`) for a sample of those users at a paced rate, timing each from the moment its POST
 * was sent to the moment that user's subscriber got it (and from the event's `occurredAt`). Also the
 * service's resident memory (VmRSS) before and after the connections, and per connection.
 * The subscribers live in this process (the load generator shares the machine's cores with the
 * service). BENCH_SUBSCRIBERS (default 10000), BENCH_CHANGES (default 2000), BENCH_CHANGE_RATE
 * (changes per second, default 100), BENCH_WARMUP_CHANGES (made first, at the same pace, and not
 * recorded: the service's first requests compile its code paths; default 50), BENCH_CONNECT_BATCH (connections opened at once, default 200),
 * BENCH_PROVIDERS (default "sqlite,postgresql"). Exits 1 if a subscriber could not connect, a change
 * was not delivered to its user (within 15 s) or reached anyone else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';
import type { DatabaseProvider } from '../src/config.js';
import { applyMigrations } from '../src/db/migrate.js';
import { createPostgresDatabase } from '../test/support/postgres.js';
import { percentile } from './support/paced-load.js';
import { freePort, openFilesLimit, residentBytes, startProcess, stopProcess } from './support/processes.js';

const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS ?? 10_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 2000);
const WARMUP_CHANGES = Number(process.env.BENCH_WARMUP_CHANGES ?? 50);
const CHANGE_RATE = Number(process.env.BENCH_CHANGE_RATE ?? 100);
const CONNECT_BATCH = Number(process.env.BENCH_CONNECT_BATCH ?? 200);
const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const TARGET_P99_MS = 100;
/** Files besides the sockets: the database, logs, modules, the event loop's own. */
const SPARE_FILES = 500;
const DELIVERY_DEADLINE_MS = 15_000;
const SUBSCRIPTION = 'subscription { taskChanged { id occurredAt type task { id } } }';

/** The wall clock in fractional milliseconds (the service's `occurredAt` is the same clock, in ms). */
const wallNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function checkOpenFiles(who: string, limit: number | undefined): void {
  const needed = SUBSCRIBERS + SPARE_FILES;
  if (limit !== undefined && limit < needed) {
    throw new Error(
      `${who} may open ${limit} files, too few for ${SUBSCRIBERS} WebSocket connections (needs about ${needed}): ` +
        `raise the limit in this shell with \`ulimit -n ${needed}\` (at most the hard limit, \`ulimit -Hn\`) and run again`,
    );
  }
}

interface Subscriber {
  client: Client;
  /** This user's changes not yet delivered, oldest first: when each was sent, and whether it is timed. */
  pending: Array<{ sent: number; timed: boolean }>;
}

interface Result {
  provider: DatabaseProvider;
  connected: number;
  connectSeconds: number;
  rssBefore: number;
  rssConnected: number;
  rssAfter: number;
  benchRss: number;
  made: number;
  failedChanges: number;
  fromSend: number[];
  fromEvent: number[];
  missing: number;
  stray: number;
}

/** graphql-ws clients for users [from, to), resolved once every one is connected (acknowledged). */
async function connectBatch(url: string, tokens: string[], from: number, to: number, onChange: (user: number, change: { occurredAt: string }) => void, failures: string[]) {
  const opened: Client[] = [];
  await Promise.all(
    tokens.slice(from, to).map(
      (token, offset) =>
        new Promise<void>((resolve) => {
          const user = from + offset;
          const client = createClient({
            url,
            webSocketImpl: WebSocket,
            connectionParams: { authorization: `Bearer ${token}` },
            lazy: false,
            retryAttempts: 0,
            onNonLazyError: (error) => {
              failures.push(`user ${user}: ${error instanceof Error ? error.message : JSON.stringify((error as { code?: number })?.code ?? error)}`);
              resolve();
            },
            on: {
              connected: () => {
                client.subscribe<{ taskChanged: { occurredAt: string } }>(
                  { query: SUBSCRIPTION },
                  {
                    next: (value) => value.data && onChange(user, value.data.taskChanged),
                    error: (error) => failures.push(`user ${user} subscription: ${JSON.stringify(error)}`),
                    complete: () => undefined,
                  },
                );
                resolve();
              },
            },
          });
          opened.push(client);
        }),
    ),
  );
  return opened;
}

async function liveWsSubscriptions(base: string): Promise<number> {
  const text = await fetch(`${base}/metrics`).then((response) => response.text());
  const line = text.split('\n').find((l) => l.startsWith('subscriptions_active{transport="ws"}'));
  return Number(line?.split(' ')[1] ?? 0);
}

async function benchProvider(provider: DatabaseProvider): Promise<Result> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-subscribers-'));
  const postgres = provider === 'postgresql' ? await createPostgresDatabase() : undefined;
  const url = postgres?.url ?? `file:${path.join(dataDir, 'bench.db')}`;
  const subscribers: Subscriber[] = [];
  try {
    await applyMigrations({ provider, url });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const service = await startProcess(
      ['bin/tickler.js', 'serve'],
      { DATA_DIR: dataDir, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
      `${base}/healthz`,
    );
    try {
      checkOpenFiles('The service', openFilesLimit(service.pid!));
      const key = await loadOrCreateLocalSigningKey(dataDir);
      const users = Array.from({ length: SUBSCRIBERS }, (_, i) => `sub-${String(i).padStart(6, '0')}`);
      const tokens = await Promise.all(users.map((userId) => issueLocalToken({ key, userId, ttlSeconds: 4 * 3600 })));

      let stray = 0;
      let delivered = 0;
      const fromSend: number[] = [];
      const fromEvent: number[] = [];
      const onChange = (user: number, change: { occurredAt: string }) => {
        const arrived = wallNow();
        const made = subscribers[user]?.pending.shift();
        if (made === undefined) {
          stray += 1;
          return;
        }
        delivered += 1;
        if (!made.timed) return;
        fromSend.push(arrived - made.sent);
        fromEvent.push(arrived - Date.parse(change.occurredAt));
      };

      await sleep(1000);
      const rssBefore = residentBytes(service.pid!);
      const failures: string[] = [];
      const connectStart = performance.now();
      const wsUrl = `ws://127.0.0.1:${port}/graphql`;
      for (let from = 0; from < SUBSCRIBERS; from += CONNECT_BATCH) {
        const to = Math.min(SUBSCRIBERS, from + CONNECT_BATCH);
        const clients = await connectBatch(wsUrl, tokens, from, to, onChange, failures);
        for (const client of clients) subscribers.push({ client, pending: [] });
        if (failures.length > 0) throw new Error(`${failures.length} subscribers failed, first: ${failures[0]}`);
      }
      // Subscribing is not acknowledged in graphql-ws: wait until the service counts every one live.
      const liveDeadline = Date.now() + 60_000;
      let live = 0;
      while ((live = await liveWsSubscriptions(base)) < SUBSCRIBERS) {
        if (Date.now() > liveDeadline) throw new Error(`only ${live} of ${SUBSCRIBERS} subscriptions live after 60 s`);
        await sleep(200);
      }
      const connectSeconds = (performance.now() - connectStart) / 1000;
      await sleep(2000);
      const rssConnected = residentBytes(service.pid!);

      // Changes for a sample of users (a random order of all of them, repeated if there are more changes).
      const order = users.map((_, i) => i);
      for (let i = order.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      let failedChanges = 0;
      const posts: Promise<void>[] = [];
      const body = JSON.stringify({ title: 'Subscriber benchmark', dueAt: '2027-03-01T09:30:00Z' });
      const start = performance.now();
      const total = WARMUP_CHANGES + CHANGES;
      for (let i = 0; i < total; i += 1) {
        const wait = start + (i * 1000) / CHANGE_RATE - performance.now();
        if (wait > 0) await sleep(wait);
        const user = order[i % order.length]!;
        subscribers[user]!.pending.push({ sent: wallNow(), timed: i >= WARMUP_CHANGES });
        posts.push(
          fetch(`${base}/tasks`, {
            method: 'POST',
            headers: { authorization: `Bearer ${tokens[user]}`, 'content-type': 'application/json' },
            body,
          }).then(
            async (response) => {
              await response.arrayBuffer();
              if (response.status !== 201) failedChanges += 1;
            },
            () => void (failedChanges += 1),
          ),
        );
      }
      await Promise.all(posts);
      const deliveryDeadline = Date.now() + DELIVERY_DEADLINE_MS;
      while (delivered < total - failedChanges && Date.now() < deliveryDeadline) await sleep(50);
      await sleep(200); // anything arriving late or at the wrong user
      const rssAfter = residentBytes(service.pid!);
      const result: Result = {
        provider,
        connected: live,
        connectSeconds,
        rssBefore,
        rssConnected,
        rssAfter,
        benchRss: process.memoryUsage.rss(),
        made: CHANGES,
        failedChanges,
        fromSend: fromSend.sort((a, b) => a - b),
        fromEvent: fromEvent.sort((a, b) => a - b),
        missing: total - failedChanges - delivered,
        stray,
      };
      return result;
    } finally {
      for (let i = 0; i < subscribers.length; i += CONNECT_BATCH) {
        await Promise.all(subscribers.slice(i, i + CONNECT_BATCH).map(({ client }) => client.dispose()));
      }
      await stopProcess(service);
    }
  } finally {
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

checkOpenFiles('This process', openFilesLimit());
const results: Result[] = [];
for (const provider of PROVIDERS) results.push(await benchProvider(provider));

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
const ms = (values: number[], q: number) => (values.length === 0 ? '-' : percentile(values, q).toFixed(1));
console.log(`\nWebSocket subscribers: ${SUBSCRIBERS} graphql-ws connections (one per user, taskChanged), ${CHANGES} changes at ${CHANGE_RATE}/s, loopback`);
console.log('provider   live subs  connect s  service RSS MB before/connected/after  KiB per connection  bench RSS MB');
for (const r of results) {
  console.log(
    [
      r.provider.padEnd(10),
      String(r.connected).padStart(9),
      r.connectSeconds.toFixed(1).padStart(10),
      `${mb(r.rssBefore)}/${mb(r.rssConnected)}/${mb(r.rssAfter)}`.padStart(40),
      ((r.rssConnected - r.rssBefore) / 1024 / r.connected).toFixed(1).padStart(19),
      mb(r.benchRss).padStart(13),
    ].join(' '),
  );
}
console.log('provider   from          delivered  p50 ms  p90 ms  p99 ms  max ms  p99 target');
let failed = false;
for (const r of results) {
  for (const [from, values] of [['POST sent', r.fromSend], ['occurredAt', r.fromEvent]] as const) {
    console.log(
      [
        r.provider.padEnd(10),
        from.padEnd(12),
        `${values.length}/${r.made}`.padStart(11),
        ...[0.5, 0.9, 0.99, 1].map((q) => ms(values, q).padStart(7)),
        `  < ${TARGET_P99_MS} ${values.length > 0 && percentile(values, 0.99) < TARGET_P99_MS ? 'met' : 'MISSED'}`,
      ].join(' '),
    );
  }
  const problems = [
    r.failedChanges > 0 ? `${r.failedChanges} POST /tasks failed` : '',
    r.missing > 0 ? `${r.missing} changes never reached their subscriber` : '',
    r.stray > 0 ? `${r.stray} deliveries to a subscriber with no change pending` : '',
  ].filter(Boolean);
  if (problems.length > 0) {
    failed = true;
    console.log(`${r.provider}: ${problems.join('; ')}!`);
  }
}
if (failed) process.exitCode = 1;
