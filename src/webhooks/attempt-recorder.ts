import type { Logger } from '../logger.js';
import type { WebhookMetrics } from '../metrics/service-metrics.js';
import type { AttemptResult, RecordedBatch } from './plan-attempts.js';
import { recordAttempts, type RecordAttemptsDeps } from './record-attempts.js';

export interface AttemptRecorder {
  add(result: AttemptResult): void;
  /** Writes whatever is waiting; resolves once it (and every earlier write) is done. */
  flush(): Promise<void>;
}

/** Results wait at most this long (or until this many pile up) to be written in one transaction. */
const FLUSH_DELAY_MS = 20;
const FLUSH_BATCH = 500;
const WRITE_TRIES = 3;

/**
 * Writes finished attempts in batches, one transaction each, in order. A batch that cannot be written
 * after a few tries is dropped: its claims run out and the deliveries are attempted again, so
 * at-least-once still holds.
 */
export function createAttemptRecorder(deps: RecordAttemptsDeps, logger: Logger, metrics: WebhookMetrics): AttemptRecorder {
  let waiting: AttemptResult[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  async function write(batch: AttemptResult[]): Promise<void> {
    for (let tries = 1; batch.length > 0; tries += 1) {
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

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = waiting;
    waiting = [];
    writing = writing.then(() => write(batch));
    return writing;
  }

  return {
    add(result) {
      waiting.push(result);
      if (waiting.length >= FLUSH_BATCH) void flush();
      else timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
    },
    flush,
  };
}
