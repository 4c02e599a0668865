import { expect } from 'vitest';
import { jsonRequest, type TestService } from './test-service.js';

export interface WriteLoad {
  /** Ids of the tasks the service acknowledged with 201. */
  acknowledged: string[];
  /** How many writes were answered 503 as the contract says (body and Retry-After). */
  unavailable(): number;
  /** Every other answer: wrong status, wrong 503 shape, or a failed connection. */
  unexpected: string[];
  stop(): Promise<void>;
}

/**
 * Clients creating tasks one after another, each write answered 201 (acknowledged) or 503 with
 * Retry-After and `{error: 503, message: "…temporarily unavailable…"}`; anything else is recorded as
 * unexpected. Bounded: it stops when told or after `maxMs`.
 */
export function startWriteLoad(service: TestService, userId: string, options: { clients?: number; maxMs?: number } = {}): WriteLoad {
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  let unavailable = 0;
  let stopped = false;
  const deadline = Date.now() + (options.maxMs ?? 120_000);
  const client = async (n: number) => {
    for (let i = 0; !stopped && Date.now() < deadline; i += 1) {
      try {
        const response = await service.request(userId, '/tasks', {
          ...jsonRequest('POST', { title: `load ${n}-${i}` }),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await response.json()) as { id?: number; error?: number; message?: string };
        if (response.status === 201) acknowledged.push(String(body.id));
        else if (
          response.status === 503 &&
          body.error === 503 &&
          /temporarily unavailable/.test(body.message ?? '') &&
          Number(response.headers.get('retry-after')) > 0
        ) {
          unavailable += 1;
        } else unexpected.push(`${response.status} ${JSON.stringify(body)}`);
      } catch (error) {
        unexpected.push(`request failed: ${String(error)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const running = Promise.all(Array.from({ length: options.clients ?? 2 }, (_, n) => client(n)));
  return {
    acknowledged,
    unexpected,
    unavailable: () => unavailable,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** /readyz's status code right now. */
export async function readiness(service: TestService): Promise<number> {
  const response = await fetch(`${service.url}/readyz`, { signal: AbortSignal.timeout(15_000) });
  if (response.status === 503) {
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await response.json()) as { message: string }).message).toMatch(/temporarily unavailable/);
  }
  return response.status;
}
