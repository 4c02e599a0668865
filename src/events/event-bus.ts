import { redisConnectionError } from '../connection-errors.js';
import type { Logger } from '../logger.js';
import type { TaskEvent } from './task-event.js';

/** An event as the relay publishes it: with its outbox position (see sequence-events.ts). */
export interface LiveEvent {
  position: number;
  event: TaskEvent;
}

export interface BusListener {
  /** One of the user's events, as it is published. */
  event(live: LiveEvent): void;
  /**
   * The bus now delivers the user's events to `event`: once after listen(), and again after every
   * reconnection. Whatever was published before this call may not have reached `event`; the outbox has it.
   */
  subscribed(): void;
  /** The bus is closing: no more calls follow. */
  closed?(): void;
}

/**
 * The live event bus that subscriptions listen to. The outbox relay publishes every committed event to
 * it (see outbox-relay.ts). It does not keep events: a listener that was not subscribed when an event
 * went by catches up from the outbox (follow-events.ts), which is why it is told when it is subscribed.
 */
export interface EventBus {
  publish(live: LiveEvent): Promise<void>;
  /** Listens to one user's events until the returned function is called. */
  listen(userId: string, listener: BusListener): () => void;
  /** How many listeners of this user this process holds (readiness checks, metrics). */
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

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** Over Redis pub/sub when `redisUrl` is set, otherwise within this process. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus> {
  return options.redisUrl ? createRedisEventBus(options.redisUrl, options.logger) : createLocalEventBus();
}

function createListenerRegistry() {
  const byUser = new Map<string, Set<BusListener>>();
  return {
    byUser,
    add(userId: string, listener: BusListener): { first: boolean; remove: () => boolean } {
      let listeners = byUser.get(userId);
      const first = !listeners;
      if (!listeners) byUser.set(userId, (listeners = new Set()));
      listeners.add(listener);
      const own = listeners;
      // true when it was the user's last listener
      const remove = () => {
        if (!own.delete(listener) || own.size > 0 || byUser.get(userId) !== own) return false;
        byUser.delete(userId);
        return true;
      };
      return { first, remove };
    },
    count: (userId: string) => byUser.get(userId)?.size ?? 0,
    closeAll() {
      const all = [...byUser.values()].flatMap((listeners) => [...listeners]);
      byUser.clear();
      for (const listener of all) listener.closed?.();
    },
  };
}

function createLocalEventBus(): EventBus {
  const registry = createListenerRegistry();
  return {
    async publish(live) {
      for (const listener of [...(registry.byUser.get(live.event.userId) ?? [])]) listener.event(live);
    },
    listen(userId, listener) {
      const { remove } = registry.add(userId, listener);
      let listening = true;
      // Nothing can be missed in one process: subscribed at once, but never from inside listen().
      queueMicrotask(() => {
        if (listening) listener.subscribed();
      });
      return () => {
        listening = false;
        remove();
      };
    },
    subscriberCount: registry.count,
    close: async () => registry.closeAll(),
  };
}

async function createRedisEventBus(url: string, logger: Logger): Promise<EventBus> {
  const { publisher, subscriber } = await connectRedis(url, logger);
  const registry = createListenerRegistry();
  const channelOf = (userId: string) => `${TASK_EVENTS_TOPIC}:${userId}`;
  // Users whose channel Redis has confirmed on the current connection. Messages of other users are
  // dropped: they can only come between a reconnection and its confirmation, and the catch-up that
  // follows the confirmation reads them from the outbox.
  const confirmed = new Set<string>();

  const confirm = (userIds: string[], listenersThen: Map<string, Set<BusListener>>) => {
    for (const userId of userIds) {
      const listeners = registry.byUser.get(userId);
      if (!listeners || listeners !== listenersThen.get(userId)) continue;
      confirmed.add(userId);
      for (const listener of [...listeners]) listener.subscribed();
    }
  };

  const subscribe = (userIds: string[]) => {
    if (userIds.length === 0) return;
    const listenersThen = new Map(userIds.map((userId) => [userId, registry.byUser.get(userId)!]));
    subscriber.subscribe(...userIds.map(channelOf)).then(
      () => confirm(userIds, listenersThen),
      // The connection is down: it subscribes every channel again once it is back ('ready').
      (error: unknown) => logger.debug({ err: error }, 'redis subscribe failed; retried on reconnection'),
    );
  };

  subscriber.on('close', () => confirmed.clear());
  // ioredis's own resubscription (autoResubscribe) does not say when Redis has confirmed it; this does.
  subscriber.on('ready', () => subscribe([...registry.byUser.keys()]));
  subscriber.on('message', (channel: string, message: string) => {
    const userId = channel.slice(TASK_EVENTS_TOPIC.length + 1);
    if (!confirmed.has(userId)) return;
    let live: LiveEvent;
    try {
      live = JSON.parse(message) as LiveEvent;
    } catch (error) {
      logger.warn({ err: error, channel }, 'unreadable event on the bus');
      return;
    }
    // An instance of an older version publishes events without a position; its relay is the one that
    // marks them published, and these subscriptions read them from the outbox on their next catch-up.
    if (typeof live.position !== 'number' || live.event?.userId !== userId) return;
    for (const listener of [...(registry.byUser.get(userId) ?? [])]) listener.event(live);
  });

  return {
    async publish(live) {
      await publisher.publish(channelOf(live.event.userId), JSON.stringify(live));
    },
    listen(userId, listener) {
      const { first, remove } = registry.add(userId, listener);
      let listening = true;
      if (first) subscribe([userId]);
      else if (confirmed.has(userId)) {
        queueMicrotask(() => {
          if (listening) listener.subscribed();
        });
      }
      return () => {
        listening = false;
        if (!remove()) return;
        confirmed.delete(userId);
        subscriber.unsubscribe(channelOf(userId)).catch(() => undefined);
      };
    },
    subscriberCount: registry.count,
    async close() {
      registry.closeAll();
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

async function connectRedis(url: string, logger: Logger) {
  // ioredis loads only when REDIS_URL is set.
  const { Redis } = await import('ioredis');
  const connect = async (role: string, extra: { autoResubscribe?: boolean } = {}) => {
    const client = new Redis(url, { lazyConnect: true, connectTimeout: REDIS_CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2, ...extra });
    // ioredis reconnects by itself; errors between attempts are only worth a log line.
    let lastError: unknown;
    client.on('error', (error: Error) => {
      lastError = error;
      logger.warn({ err: error, role }, 'redis connection error');
    });
    try {
      await client.connect();
    } catch (error) {
      client.disconnect();
      // "Connection is closed." says less than the error that closed it.
      throw redisConnectionError(url, lastError ?? error);
    }
    return client;
  };
  const publisher = await connect('publish');
  try {
    return { publisher, subscriber: await connect('subscribe', { autoResubscribe: false }) };
  } catch (error) {
    publisher.disconnect();
    throw error;
  }
}
