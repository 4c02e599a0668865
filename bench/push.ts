/**
 * `npm run bench:push`: how many push messages per second the service encrypts (aes128gcm), signs
 * (VAPID ES256) and sends to a push service on loopback. BENCH_REMINDERS (default 10 000) reminders
 * come due at once, each for a task of one user with one subscription; the figure is messages
 * answered 201 per second, from the first arrival to the last. The stand-in push service runs in this
 * process and only counts (and answers); the service runs in this process too, on a fresh database.
 * BENCH_PROVIDERS (default "sqlite,postgresql").
 */
import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DatabaseProvider } from '../src/config.js';
import { seedReminders } from '../test/support/seed-reminders.js';
import { jsonRequest, startTestService } from '../test/support/test-service.js';

const PROVIDERS = (process.env.BENCH_PROVIDERS ?? 'sqlite,postgresql').split(',') as DatabaseProvider[];
const REMINDERS = Number(process.env.BENCH_REMINDERS ?? 10_000);

async function run(provider: DatabaseProvider) {
  let answered = 0;
  let first = 0;
  let last = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const now = Date.now();
      if (answered === 0) first = now;
      answered += 1;
      last = now;
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const service = await startTestService(provider, { env: { WEBHOOK_ALLOW_INSECURE: 'true', REMINDER_SWEEP_INTERVAL: '200ms' } });
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const registered = await service.request(
      'bench',
      '/push/subscriptions',
      jsonRequest('POST', {
        endpoint: `${origin}/push/bench`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
      }),
    );
    if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
    const started = Date.now();
    await seedReminders(provider, service.databaseUrl, { userId: 'bench', count: REMINDERS, fireAt: () => new Date(Date.now() - 1000) });
    const deadline = Date.now() + 600_000;
    while (answered < REMINDERS && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (last - first) / 1000;
    console.log(
      `${provider}: ${answered} of ${REMINDERS} messages in ${seconds.toFixed(1)} s from first to last arrival = ` +
        `${Math.round(answered / seconds)} messages/s (${((last - started) / 1000).toFixed(1)} s from seeding, firing included)`,
    );
  } finally {
    await service.close();
    server.close();
  }
}

for (const provider of PROVIDERS) await run(provider);
