import { expect, it } from 'vitest';
import { runBench } from '../support/run-bench.js';

// The benchmark itself is not part of `npm test`; this runs it in a tiny configuration to prove it works.
it('bench/reminders.ts fires a spike once each on both databases, and with two PostgreSQL instances reports what each fired', async () => {
  const { code, stdout, stderr } = await runBench('reminders.ts', { BENCH_SPIKE: '300', BENCH_MODES: 'spike', BENCH_INSTANCES: '2' });
  expect(code, stderr).toBe(0);
  const rows = stdout
    .split('\n')
    .map((line) => line.match(/^(sqlite|postgresql)\s+spike\s+(\d+)\s+(\d+)\s+(\d+)\s+(yes|NO)\s+[\d.]+ s\s+\d+\s+\d+\s+\d+\s+\d+\/\d+\s+([\d+]+)\s/))
    .filter((match) => match !== null);
  expect(rows.map((m) => `${m[1]} ${m[2]}`)).toEqual(['sqlite 1', 'postgresql 1', 'postgresql 2']);
  for (const m of rows) {
    const [instances, reminders, fired] = [Number(m[2]), Number(m[3]), Number(m[4])];
    expect(reminders).toBe(300);
    expect(fired).toBe(300);
    expect(m[5]).toBe('yes');
    // One count per instance, adding up to every reminder (each fired once, by one of them).
    const firedBy = m[6]!.split('+').map(Number);
    expect(firedBy).toHaveLength(instances);
    expect(firedBy.reduce((sum, n) => sum + n, 0)).toBe(300);
  }
}, 180_000);

it('bench/reminders.ts in channels mode delivers 3 reminders a task once each by push and by email on both databases', async () => {
  const { code, stdout, stderr } = await runBench('reminders.ts', {
    BENCH_MODES: 'channels',
    BENCH_PROVIDERS: 'sqlite,postgresql',
    BENCH_CHANNELS_TASKS: '10',
    BENCH_CHANNELS_WINDOW: '2',
    BENCH_CHANNELS_WAIT: '120',
  });
  expect(code, stderr).toBe(0);
  const firing = [...stdout.matchAll(/^(sqlite|postgresql)\s+(\d+)\s+(\d+)\s+(\d+)\s+(yes|NO)\s+\d+\s+\d+\s+\d+$/gm)];
  expect(firing.map((m) => [m[1], m[2], m[3], m[4], m[5]])).toEqual([
    ['sqlite', '10', '30', '30', 'yes'],
    ['postgresql', '10', '30', '30', 'yes'],
  ]);
  const channels = [...stdout.matchAll(/^(sqlite|postgresql)\s+(push|email)\s+(\d+)\s+(\d+)\s+(\d+)\s/gm)];
  expect(channels.map((m) => `${m[1]} ${m[2]} ${m[3]} ${m[4]} ${m[5]}`)).toEqual([
    'sqlite push 30 30 0',
    'sqlite email 30 30 0',
    'postgresql push 30 30 0',
    'postgresql email 30 30 0',
  ]);
  expect(stdout).toMatch(/sqlite: the push stand-in checked 1 messages \(VAPID and decryption\), rejected 0/);
}, 300_000);
