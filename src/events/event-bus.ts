import { createPubSub, Repeater } from '@graphql-yoga/subscription';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { TaskEvent } from './task-event.js';

/**
 * The live event bus that subscriptions listen to. The outbox relay publishes every committed event to
 * it (see outbox-relay.ts); subscribers only ever see this interface, so where events come from can
 * change without them noticing.
 */
export interface EventBus {
  publish(event: TaskEvent): Promise<void>;
  /** The events of one user, from now on, until `signal` aborts, the consumer returns, or the bus closes. */
  subscribe(userId: string, signal?: AbortSignal): AsyncIterableIterator<TaskEvent>;
  /** How many subscriptions of this user this process holds (readiness checks, metrics). */
  subscriberCount(userId: string): number;
  close(): Promise<void>;
}

export interface CreateEventBusOptions {
  /** Set: events travel through Redis pub/sub, so every instance sharing it sees every event. */
  redisUrl?: string | undefined;
  logger: Logger;
}

/** One pub/sub topic per user; with Redis it is the channel `tickler.task-events:<userId>`. */
export const TASK_EVENTS_TOPIC = 'tickler.task-events';

type Topics = { [TASK_EVENTS_TOPIC]: [userId: string, event: TaskEvent] };

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** Yoga's pub/sub over Redis when `redisUrl` is set, otherwise over an in-process event target. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus> {
  const redis = options.redisUrl ? await connectRedis(options.redisUrl, options.logger) : undefined;
  const pubSub = createPubSub<Topics>(
    redis ? { eventTarget: createRedisEventTarget({ publishClient: redis.publisher, subscribeClient: redis.subscriber }) } : {},
  );
  const stops = new Set<() => void>();
  const counts = new Map<string, number>();
  const count = (userId: string, delta: number) => {
    const next = (counts.get(userId) ?? 0) + delta;
    if (next === 0) counts.delete(userId);
    else counts.set(userId, next);
  };

  return {
    async publish(event) {
      if (!redis) {
        pubSub.publish(TASK_EVENTS_TOPIC, event.userId, event);
        return;
      }
      // Published here rather than through the event target, which neither awaits nor catches the
      // command: this way the caller learns about a Redis failure instead of the process crashing on it.
      await redis.publisher.publish(`${TASK_EVENTS_TOPIC}:${event.userId}`, JSON.stringify(event));
    },

    subscribe(userId, signal) {
      return new Repeater<TaskEvent>(async (push, stop) => {
        const source = pubSub.subscribe(TASK_EVENTS_TOPIC, userId);
        const end = () => stop();
        stops.add(end);
        count(userId, 1);
        signal?.addEventListener('abort', end, { once: true });
        if (signal?.aborted) stop();
        void (async () => {
          for await (const event of source) await push(event);
        })().catch((error: unknown) => stop(error));
        await stop;
        stops.delete(end);
        count(userId, -1);
        signal?.removeEventListener('abort', end);
        await source.return?.();
      });
    },

    subscriberCount: (userId) => counts.get(userId) ?? 0,

    async close() {
      for (const stop of [...stops]) stop();
      if (redis) await Promise.allSettled([redis.publisher.quit(), redis.subscriber.quit()]);
    },
  };
}

async function connectRedis(url: string, logger: Logger) {
  const connect = async (role: string) => {
    const client = new Redis(url, { lazyConnect: true, connectTimeout: REDIS_CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2 });
    // ioredis reconnects (and resubscribes) by itself; errors between attempts are only worth a log line.
    client.on('error', (error: Error) => logger.warn({ err: error, role }, 'redis connection error'));
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      throw new Error(`cannot connect to REDIS_URL: ${error instanceof Error ? error.message : String(error)}`);
    }
    return client;
  };
  const publisher = await connect('publish');
  try {
    return { publisher, subscriber: await connect('subscribe') };
  } catch (error) {
    publisher.disconnect();
    throw error;
  }
}
