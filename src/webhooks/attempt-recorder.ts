import type { Logger } from '../logger.js';
import type { WebhookMetrics } from '../metrics/service-metrics.js';
import type { AttemptResult, RecordedBatch } from './plan-attempts.js';
import { recordAttempts, type RecordAttemptsDeps } from './record-attempts.js';

export interface AttemptRecorder {
  add(result: AttemptResult): void;
  /** Writes whatever is waiting; resolves once it (and every earlier write) is done. */
  flush(): Promise<void>;
  /** Results added and not yet written (waiting, or in the write under way). */
  readonly backlog: number;
}

export interface AttemptRecorderOptions {
  /** A write finished, so the backlog shrank. */
  onWritten?: () => void;
  /** How long a result may wait for others to join its batch (default 20 ms). */
  delayMs?: number;
}

/** Results wait at most FLUSH_DELAY_MS (or until FLUSH_BATCH pile up) to be written in one transaction. */
const FLUSH_DELAY_MS = 20;
const FLUSH_BATCH = 500;
/** At most this many results per transaction. */
const BATCH_MAX = 2000;
const WRITE_TRIES = 3;

/**
 * Writes finished attempts in batches, one transaction each, one at a time and in order. What comes in
 * while a batch is being written waits and goes into the next one, so batches grow when the database
 * is slow instead of queueing up as many small transactions. A batch that cannot be written after a
 * few tries is dropped: its claims run out and the deliveries are attempted again, so at-least-once
 * still holds. `backlog` lets the dispatcher claim no more than the recorder keeps up with: a result
 * still unwritten when its lease runs out would be claimed and sent again.
 */
export function createAttemptRecorder(
  deps: RecordAttemptsDeps,
  logger: Logger,
  metrics: WebhookMetrics,
  options: AttemptRecorderOptions = {},
): AttemptRecorder {
  const delayMs = options.delayMs ?? FLUSH_DELAY_MS;
  let waiting: AttemptResult[] = [];
  /** When the oldest waiting result was added. */
  let oldestAt = 0;
  let inWrite = 0;
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> | undefined;
  /** Callers of flush() waiting for everything added before their call. */
  let flushers: Array<{ upTo: number; resolve: () => void }> = [];
  let added = 0;
  let written = 0;

  async function write(batch: AttemptResult[]): Promise<void> {
    for (let tries = 1; ; tries += 1) {
      try {
        report(await recordAttempts(deps, batch));
        return;
      } catch (error) {
        if (tries >= WRITE_TRIES) {
          logger.error({ err: error, attempts: batch.length }, 'could not record webhook attempts');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50 * tries));
      }
    }
  }

  /** Counts and logs what is now on record (not before: a batch that fails to be written is attempted again). */
  function report({ recorded, disabled }: RecordedBatch) {
    for (const { delivery, outcome, attempt, nextAttemptAt } of recorded) {
      const result = outcome.ok ? 'delivered' : nextAttemptAt ? 'retried' : 'failed';
      metrics.attemptRecorded(result, outcome.latencyMs / 1000);
      if (outcome.ok) continue;
      logger.info(
        {
          webhookEndpointId: Number(delivery.endpointId),
          deliveryId: Number(delivery.id),
          eventId: delivery.eventId,
          attempt,
          status: outcome.statusCode,
          error: outcome.error,
          nextAttemptAt: nextAttemptAt?.toISOString() ?? null,
        },
        nextAttemptAt ? 'webhook attempt failed; retry planned' : 'webhook attempt failed; no attempt left',
      );
    }
    for (const endpoint of disabled) {
      metrics.endpointDisabled();
      logger.warn({ webhookEndpointId: Number(endpoint.endpointId), reason: endpoint.reason }, 'webhook endpoint disabled');
    }
  }

  /** Starts the next write if none is under way and something is waiting (`now`: without waiting for more). */
  function next(now: boolean) {
    if (writing || waiting.length === 0) return;
    const wait = now || waiting.length >= FLUSH_BATCH ? 0 : oldestAt + delayMs - Date.now();
    if (wait > 0) {
      timer ??= setTimeout(() => {
        timer = undefined;
        next(false);
      }, wait);
      return;
    }
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting.splice(0, BATCH_MAX);
    oldestAt = Date.now();
    inWrite = batch.length;
    writing = write(batch).then(() => {
      written += batch.length;
      inWrite = 0;
      writing = undefined;
      const done = flushers.filter((f) => f.upTo <= written);
      flushers = flushers.filter((f) => f.upTo > written);
      for (const flusher of done) flusher.resolve();
      // A flush asked for more than this batch: keep going without waiting.
      next(flushers.length > 0);
      options.onWritten?.();
    });
  }

  return {
    add(result) {
      if (waiting.length === 0) oldestAt = Date.now();
      waiting.push(result);
      added += 1;
      next(false);
    },
    flush() {
      if (added === written) return Promise.resolve();
      const flushed = new Promise<void>((resolve) => flushers.push({ upTo: added, resolve }));
      next(true);
      return flushed;
    },
    get backlog() {
      return waiting.length + inWrite;
    },
  };
}
