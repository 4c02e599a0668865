import type { ClaimedDelivery } from './claim-due-deliveries.js';
import type { AttemptResult } from './plan-attempts.js';
import type { AttemptOutcome } from './send-webhook.js';

export interface AttemptPoolOptions {
  /** Attempts in flight at once, overall. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint. */
  concurrencyPerEndpoint: number;
  /** How many claimed deliveries may wait per running slot, so claims come in few, large batches. */
  prefetch: number;
  timeoutMs: number;
  now: () => Date;
  send(delivery: ClaimedDelivery, attemptedAt: Date, signal: AbortSignal): Promise<AttemptOutcome>;
  onResult(result: AttemptResult): void;
  /**
   * Finished attempts not on record yet: they count against the room until they are, so claims never
   * outrun the recorder (an attempt unrecorded when its lease runs out would be claimed and sent again).
   */
  unrecorded?: () => number;
  /** A queued claim that no longer leaves time for a whole attempt: give it back. */
  onStale(delivery: ClaimedDelivery): void;
  /** Room for more claims opened up; `endpointWasFull` when the endpoint had been left out of claims. */
  onRoom(endpointWasFull: boolean): void;
}

export interface Room {
  /** How many more deliveries a claim may add. */
  limit: number;
  /** How many more deliveries of this endpoint a claim may add. */
  freeSlots(endpointId: bigint): number;
}

export interface AttemptPool {
  room(): Room;
  add(deliveries: ClaimedDelivery[]): void;
  /** Takes out the deliveries of an endpoint that are waiting (not in flight), e.g. once it answered 410 Gone. */
  dropQueued(endpointId: bigint): ClaimedDelivery[];
  /**
   * Starts nothing more, gives the attempts in flight up to `graceMs` to finish (their results are
   * recorded as usual), aborts the rest and empties the queues; resolves to the deliveries it still held.
   */
  close(graceMs?: number): Promise<ClaimedDelivery[]>;
}

interface EndpointLane {
  queue: ClaimedDelivery[];
  running: number;
}

/**
 * The claimed deliveries of this process and their attempts: at most `concurrency` in flight, at most
 * `concurrencyPerEndpoint` to one endpoint, each endpoint with its own queue, so a slow or dead
 * receiver only ever holds its own slots and its own queue while the others keep going.
 */
export function createAttemptPool(options: AttemptPoolOptions): AttemptPool {
  const lanes = new Map<string, EndpointLane>();
  const inFlight = new Map<string, { delivery: ClaimedDelivery; abort: AbortController; done: Promise<void> }>();
  let queued = 0;
  let closed = false;
  const maxHeld = options.concurrency * options.prefetch;
  const maxHeldPerEndpoint = options.concurrencyPerEndpoint * options.prefetch;
  const heldBy = (lane: EndpointLane | undefined) => (lane ? lane.running + lane.queue.length : 0);

  function laneOf(endpointId: bigint): EndpointLane {
    const key = String(endpointId);
    let lane = lanes.get(key);
    if (!lane) {
      lane = { queue: [], running: 0 };
      lanes.set(key, lane);
    }
    return lane;
  }

  /** Starts queued deliveries while slots are free, one endpoint after another so none is favoured. */
  function pump() {
    let started = true;
    while (started && !closed && inFlight.size < options.concurrency) {
      started = false;
      for (const [key, lane] of lanes) {
        if (inFlight.size >= options.concurrency) break;
        if (lane.running >= options.concurrencyPerEndpoint || lane.queue.length === 0) continue;
        const delivery = lane.queue.shift()!;
        queued -= 1;
        started = true;
        // Too little of the lease left for a whole attempt: another worker could take it mid-attempt.
        if (delivery.lockedUntil.getTime() - options.now().getTime() < options.timeoutMs) {
          options.onStale(delivery);
        } else {
          start(lane, delivery);
        }
        if (heldBy(lane) === 0) lanes.delete(key);
      }
    }
  }

  function start(lane: EndpointLane, delivery: ClaimedDelivery) {
    lane.running += 1;
    const key = String(delivery.id);
    const abort = new AbortController();
    const attemptedAt = options.now();
    const done = options.send(delivery, attemptedAt, abort.signal).then((outcome) => {
      inFlight.delete(key);
      const wasFull = heldBy(lane) >= maxHeldPerEndpoint;
      lane.running -= 1;
      if (heldBy(lane) === 0) lanes.delete(String(delivery.endpointId));
      // An aborted attempt (the service is stopping) is not logged: its claim is given back instead.
      if (abort.signal.aborted) return;
      options.onResult({ delivery, outcome, attemptedAt });
      pump();
      options.onRoom(wasFull);
    });
    inFlight.set(key, { delivery, abort, done });
  }

  return {
    room() {
      return {
        limit: maxHeld - inFlight.size - queued - (options.unrecorded?.() ?? 0),
        freeSlots: (endpointId) => maxHeldPerEndpoint - heldBy(lanes.get(String(endpointId))),
      };
    },
    add(deliveries) {
      for (const delivery of deliveries) laneOf(delivery.endpointId).queue.push(delivery);
      queued += deliveries.length;
      pump();
    },
    dropQueued(endpointId) {
      const lane = lanes.get(String(endpointId));
      if (!lane) return [];
      const dropped = lane.queue.splice(0);
      queued -= dropped.length;
      if (heldBy(lane) === 0) lanes.delete(String(endpointId));
      return dropped;
    },
    async close(graceMs = 0) {
      closed = true;
      if (graceMs > 0 && inFlight.size > 0) {
        let timer: NodeJS.Timeout | undefined;
        const grace = new Promise((resolve) => (timer = setTimeout(resolve, graceMs)));
        await Promise.race([Promise.all([...inFlight.values()].map((attempt) => attempt.done)), grace]);
        clearTimeout(timer);
      }
      const running = [...inFlight.values()];
      for (const attempt of running) attempt.abort.abort();
      await Promise.all(running.map((attempt) => attempt.done));
      const waiting = [...lanes.values()].flatMap((lane) => lane.queue);
      lanes.clear();
      queued = 0;
      return [...running.map((attempt) => attempt.delivery), ...waiting];
    },
  };
}
