import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  /** Requests answered (any status). */
  total: number;
  errors: number;
  non2xx: number;
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** Called for every request to pick its path (e.g. a fresh task id). */
  nextPath?: () => string;
  durationSeconds: number;
  connections: number;
  /**
   * autocannon's `overallRate` (`-R`): at most this many requests per second over all connections.
   * Each connection sends its share of a second back to back and then waits for the next second.
   * Latencies are then recorded as each response's own time (autocannon's coordinated-omission
   * correction, which assumes 1 ms between requests at any rate, is off).
   */
  overallRate?: number;
}

/** Runs autocannon against a loopback URL for a fixed time and summarises throughput and latency. */
export async function measure(options: LoadOptions): Promise<Measurement> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.durationSeconds,
    connections: options.connections,
    ...(options.overallRate ? { overallRate: options.overallRate, ignoreCoordinatedOmission: true } : {}),
    requests: options.nextPath
      ? [{ setupRequest: (request) => ({ ...request, path: options.nextPath!() }) }]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
