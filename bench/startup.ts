/**
 * `npm run bench:startup`: how long `tickler serve` takes from spawn to `/readyz` 200 (a fresh DATA_DIR
 * each time, so migrations run, as on a first start), the CPU time it used until then (user + system,
 * all threads: less sensitive than the wall time to other work on the machine), its resident memory
 * once idle, and again 2 s after its first GraphQL query (GraphQL loads on first use), and how long one
 * `tickler token` call takes, for the TypeScript sources run through tsx and for the compiled build
 * (`npm run build:server` first; skipped when dist/ is missing). Then `node bin/tickler.js token` and
 * `npx tickler token` as a newcomer types it (bin/tickler.js picks dist/ when it is current; npx adds
 * npm's own start-up). BENCH_RUNS (default 5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { issueLocalToken } from '../src/auth/issue-local-token.js';
import { loadOrCreateLocalSigningKey } from '../src/auth/local-signing-key.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// The embedded SQLite default, whatever the shell has set.
const { DATABASE_URL: _ignored, REDIS_URL: _ignoredToo, ...baseEnv } = process.env;
const COMPILED_MAIN = path.join(ROOT, 'dist/src/cli/main.js');

const entries: { name: string; args: string[] }[] = [
  { name: 'source (tsx)', args: ['--import', 'tsx', path.join(ROOT, 'src/cli/main.ts')] },
  ...(existsSync(COMPILED_MAIN) ? [{ name: 'compiled (dist/)', args: [COMPILED_MAIN] }] : []),
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  return Number(line?.split(/\s+/)[1] ?? NaN) / 1024;
}

/** User + system CPU time of the process so far, all threads (Linux clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Start {
  readyMs: number;
  cpuMs: number;
  rss: number;
  rssAfterGraphql: number;
}

async function startOnce(args: string[]): Promise<Start> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-start-'));
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...args, 'serve'], {
    cwd: ROOT,
    env: { ...baseEnv, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  const exit = exited(child);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`tickler serve exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.status === 200, () => false);
      if (ok) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const readyMs = performance.now() - started;
    const cpu = cpuMs(child.pid ?? 0);
    await sleep(2_000);
    const rss = rssMb(child.pid ?? 0);
    const key = await loadOrCreateLocalSigningKey(dataDir);
    const token = await issueLocalToken({ key, userId: 'bench', ttlSeconds: 60 });
    const answer = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ tasks(first: 50) { totalCount edges { node { id title } } } }' }),
    });
    if (answer.status !== 200) throw new Error(`GraphQL answered ${answer.status}`);
    await sleep(2_000);
    return { readyMs, cpuMs: cpu, rss, rssAfterGraphql: rssMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exit;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function timeCommand(command: string, args: string[], dataDir: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...baseEnv, DATA_DIR: dataDir }, stdio: 'ignore' });
  const code = await exited(child);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const range = (values: number[]) => `${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)}`;

console.log(`node ${process.version}, ${RUNS} runs each, median (min–max)`);
const tokenDir = mkdtempSync(path.join(tmpdir(), 'tickler-bench-token-'));
try {
  for (const entry of entries) {
    const starts: Start[] = [];
    const tokens: number[] = [];
    for (let run = 0; run < RUNS; run += 1) starts.push(await startOnce(entry.args));
    for (let run = 0; run < RUNS; run += 1) tokens.push(await timeCommand(process.execPath, [...entry.args, 'token', '--user', 'alice'], tokenDir));
    const ready = starts.map((s) => s.readyMs);
    const cpu = starts.map((s) => s.cpuMs);
    const rss = starts.map((s) => s.rss);
    const rssAfterGraphql = starts.map((s) => s.rssAfterGraphql);
    console.log(
      `${entry.name.padEnd(18)} spawn → /readyz 200: ${median(ready).toFixed(0)} ms (${range(ready)}), CPU ${median(cpu).toFixed(0)} ms (${range(cpu)})` +
        `  idle RSS: ${median(rss).toFixed(0)} MB (${range(rss)}), after a GraphQL query: ${median(rssAfterGraphql).toFixed(0)} MB` +
        `  tickler token: ${median(tokens).toFixed(0)} ms (${range(tokens)})`,
    );
  }
  // What bin/tickler.js adds (the check that dist/ is current), and then what npx adds (npm starting up).
  const bin: number[] = [];
  for (let run = 0; run < RUNS; run += 1) bin.push(await timeCommand(process.execPath, [path.join(ROOT, 'bin/tickler.js'), 'token', '--user', 'alice'], tokenDir));
  console.log(`node bin/tickler.js token: ${median(bin).toFixed(0)} ms (${range(bin)})`);
  const npx: number[] = [];
  for (let run = 0; run < RUNS; run += 1) npx.push(await timeCommand('npx', ['tickler', 'token', '--user', 'alice'], tokenDir));
  console.log(`npx tickler token (bin/tickler.js): ${median(npx).toFixed(0)} ms (${range(npx)})`);
} finally {
  rmSync(tokenDir, { recursive: true, force: true });
}
