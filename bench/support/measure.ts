import autocannon from 'autocannon';

export interface Measurement {
  requestsPerSecond: number;
  p50: number;
  p99: number;
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
    requests: options.nextPath
      ? [{ setupRequest: (request) => ({ ...request, path: options.nextPath!() }) }]
      : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
