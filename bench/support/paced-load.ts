import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedOptions {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Requests per second, each sent at its own planned time (an open loop). */
  rate: number;
  durationSeconds: number;
  /** Keep-alive sockets at most; a request finding them all busy waits (and that wait counts). */
  maxSockets?: number;
}

export interface PacedMeasurement {
  /** Requests answered per second, from the first planned send to the last answer. */
  achievedRate: number;
  planned: number;
  answered: number;
  errors: number;
  non2xx: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** The value at quantile q (nearest rank) of ascending values; NaN when there are none. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * An open-loop load at a fixed rate: request i is planned at start + i/rate and its latency runs from
 * that planned time to the end of its answer, so a server (or generator) that falls behind shows it
 * in the latencies instead of quietly sending less (no coordinated omission).
 */
export async function pacedLoad(options: PacedOptions): Promise<PacedMeasurement> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 64 });
  const target = new URL(options.url);
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const planned = Math.max(1, Math.round(options.rate * options.durationSeconds));
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let settled = 0;
  let lastAnswer = 0;

  const start = performance.now();
  await new Promise<void>((resolve) => {
    const finish = (plannedAt: number, status: number | undefined) => {
      const now = performance.now();
      lastAnswer = now;
      if (status === undefined) errors += 1;
      else if (status < 200 || status > 299) non2xx += 1;
      else latencies.push(now - plannedAt);
      settled += 1;
      if (settled === planned) resolve();
    };
    const send = (plannedAt: number) => {
      const request = http.request(
        { host: target.hostname, port: target.port, path: target.pathname + target.search, method: options.method ?? 'GET', headers, agent },
        (response) => {
          response.resume();
          response.on('end', () => finish(plannedAt, response.statusCode));
          response.on('error', () => finish(plannedAt, undefined));
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error('timed out')));
      request.on('error', () => finish(plannedAt, undefined));
      request.end(body);
    };
    let next = 0;
    const tick = () => {
      const now = performance.now();
      while (next < planned && start + next * interval <= now) send(start + interval * next++);
      if (next < planned) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
    };
    tick();
  });
  agent.destroy();

  latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    achievedRate: (planned - errors) / ((lastAnswer - start) / 1000),
    planned,
    answered: planned - errors,
    errors,
    non2xx,
    p50: round(percentile(latencies, 0.5)),
    p90: round(percentile(latencies, 0.9)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1) ?? Number.NaN),
  };
}
