import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A load generator is one client far past any phone's budget: benchmarks measure the service without them. */
const NO_RATE_LIMITS = { RATE_LIMIT_USER: '0', RATE_LIMIT_ADDRESS: '0', RATE_LIMIT_CAPTURE: '0' };

/**
 * Starts a node process with its output discarded (a benchmarked server should not pay for a reader
 * of its logs; BENCH_SERVER_LOG=<file>: appended to that file instead) and resolves once `readyUrl` answers.
 */
export async function startProcess(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, 'a') : 'ignore';
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { ...NO_RATE_LIMITS, ...process.env, ...env }, stdio: ['ignore', log, 'inherit'] });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    try {
      await fetch(readyUrl);
      return child;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error(`${args.join(' ')} did not become ready`);
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** A TCP port free on loopback right now (so benchmarks and their tests can run beside others). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A process's CPU time so far (user + system, all threads), from /proc (Linux; clock ticks of 10 ms). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** A process's resident memory (VmRSS) in bytes, from /proc (Linux). */
export function residentBytes(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line.split(/\s+/)[1]) * 1024;
}

/** The soft limit on open files of a process (Linux), or undefined when /proc does not say. */
export function openFilesLimit(pid: number | 'self' = 'self'): number | undefined {
  const line = readFileSync(`/proc/${pid}/limits`, 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  const soft = line?.slice('Max open files'.length).trim().split(/\s+/)[0];
  return soft === undefined ? undefined : soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}
