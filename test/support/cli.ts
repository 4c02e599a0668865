import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { NO_RATE_LIMITS } from './no-rate-limits.js';

export const TICKLER_BIN = fileURLToPath(new URL('../../bin/tickler.js', import.meta.url));

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `tickler <args>` as a newcomer would, in its own process. */
export function runTickler(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [TICKLER_BIN, ...args], { env: { ...cleanEnv(), ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The parent's environment without the service's own variables, so a test sets exactly what it means. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  const serviceVariables = [
    'PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'AUTH_ISSUER', 'AUTH_AUDIENCE', 'AUTH_JWKS_URL', 'AUTH_CLIENT_ID',
    'PUBLIC_URL', 'SESSION_ACCESS_TTL', 'SESSION_IDLE_TTL', 'LOG_LEVEL', 'REDIS_URL',
  ];
  for (const name of serviceVariables) {
    delete env[name];
  }
  return env;
}

export interface ServeProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `tickler serve [args]` (of another copy of the package: `bin`) and resolves once it logs the address it listens on. */
export function serveTickler(env: Record<string, string>, timeoutMs = 45_000, args: string[] = [], bin = TICKLER_BIN): Promise<ServeProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'serve', ...args], { env: { ...cleanEnv(), PORT: '0', ...NO_RATE_LIMITS, ...env } });
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`tickler serve did not start in time:\n${output}`));
    }, timeoutMs);
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    const onData = (chunk: Buffer) => {
      output += chunk;
      for (const line of output.split('\n')) {
        if (!line.includes('tickler is listening')) continue;
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.on('data', (more) => (output += more));
        resolve({
          child,
          url: (JSON.parse(line) as { url: string }).url,
          output: () => output,
          async stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
        return;
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`tickler serve exited with ${code}:\n${output}`));
    });
  });
}
