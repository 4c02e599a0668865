// Latency and throughput of the two candidate transports for live events between instances:
// Redis pub/sub (what Tickler uses with REDIS_URL) and PostgreSQL LISTEN/NOTIFY (the alternative
// that needs no extra server). One publisher and one subscriber connection on loopback; paced
// messages for latency, then a burst for throughput. Payloads are the size of a task event.
import { Redis } from 'ioredis';
import pg from 'pg';

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PACED = 2_000;
const BURST = 20_000;
const CHANNEL = `bench_event_bus_${process.pid}`;
const payload = JSON.stringify({ id: '0193a0c0-0000-7000-8000-000000000000', type: 'task.updated', task: { id: 1, title: 'x'.repeat(200) } });

interface Transport {
  name: string;
  publish(message: string): Promise<unknown>;
  onMessage(handler: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

async function redisTransport(): Promise<Transport> {
  const publisher = new Redis(REDIS_URL);
  const subscriber = new Redis(REDIS_URL);
  return {
    name: 'Redis pub/sub',
    publish: (message) => publisher.publish(CHANNEL, message),
    async onMessage(handler) {
      subscriber.on('message', (_channel, message) => handler(message));
      await subscriber.subscribe(CHANNEL);
    },
    async close() {
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}

async function postgresTransport(): Promise<Transport> {
  // A pool, so a burst publishes over several connections as the outbox relay of N instances would.
  const publisher = new pg.Pool({ connectionString: POSTGRES_URL, max: 10 });
  const subscriber = new pg.Client({ connectionString: POSTGRES_URL });
  await subscriber.connect();
  return {
    name: 'PostgreSQL LISTEN/NOTIFY',
    publish: (message) => publisher.query('SELECT pg_notify($1, $2)', [CHANNEL, message]),
    async onMessage(handler) {
      subscriber.on('notification', (n) => handler(n.payload ?? ''));
      await subscriber.query(`LISTEN ${CHANNEL}`);
    },
    async close() {
      await publisher.end();
      await subscriber.end();
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function measure(transport: Transport): Promise<void> {
  let waiting: ((at: number) => void) | undefined;
  let received = 0;
  let burstDone: (() => void) | undefined;
  await transport.onMessage(() => {
    received += 1;
    waiting?.(performance.now());
    if (received === BURST && burstDone) burstDone();
  });
  const latencies: number[] = [];
  for (let i = 0; i < PACED; i++) {
    const arrived = new Promise<number>((resolve) => (waiting = resolve));
    const sentAt = performance.now();
    await transport.publish(payload);
    latencies.push((await arrived) - sentAt);
  }
  waiting = undefined;
  received = 0;
  const allArrived = new Promise<void>((resolve) => (burstDone = resolve));
  const start = performance.now();
  await Promise.all(Array.from({ length: BURST }, () => transport.publish(payload)));
  await allArrived;
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${transport.name}: one at a time p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms; ` +
      `burst of ${BURST}: ${Math.round(BURST / seconds)} messages/s`,
  );
  await transport.close();
}

await measure(await redisTransport());
await measure(await postgresTransport());
