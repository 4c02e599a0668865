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

/** An account deleted on some instance: every instance ends the live connections of its old tokens. */
export interface AccountDeletionNotice {
  userId: string;
  deletedAt: Date;
}

export interface AccountDeletionListener {
  deleted(notice: AccountDeletionNotice): void;
  /**
   * The bus lost its connection: notices published meanwhile never arrive; read them from the database.
   * The bus delivers no user's events again until this settles, so an old connection of an account
   * deleted (and made again) meanwhile never sees the new account's events.
   */
  missed?(): Promise<void>;
}

/** Account deletions told to every instance, on the same connections as the events. */
export interface AccountDeletionNotices {
  /** Tells every instance, this one included; a notice nobody hears is lost (the bus keeps nothing). */
  announceAccountDeletion(notice: AccountDeletionNotice): Promise<void>;
  onAccountDeletion(listener: AccountDeletionListener): void;
}

export interface CreateEventBusOptions {
  /** Set: events travel through Redis pub/sub, so every instance sharing it sees every event. */
  redisUrl?: string | undefined;
  logger: Logger;
}

/** One pub/sub topic per user; with Redis it is the channel `tickler.task-events:<userId>`. */
export const TASK_EVENTS_TOPIC = 'tickler.task-events';
/** With Redis, the channel of account deletion notices: `{"userId": …, "deletedAt": <ISO 8601>}`. */
export const ACCOUNT_DELETIONS_TOPIC = 'tickler.account-deletions';

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** Over Redis pub/sub when `redisUrl` is set, otherwise within this process. */
export async function createEventBus(options: CreateEventBusOptions): Promise<EventBus & AccountDeletionNotices> {
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

function createLocalEventBus(): EventBus & AccountDeletionNotices {
  const registry = createListenerRegistry();
  const deletionListeners: AccountDeletionListener[] = [];
  return {
    async announceAccountDeletion(notice) {
      for (const listener of deletionListeners) listener.deleted(notice);
    },
    onAccountDeletion: (listener) => void deletionListeners.push(listener),
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

async function createRedisEventBus(url: string, logger: Logger): Promise<EventBus & AccountDeletionNotices> {
  const { publisher, subscriber } = await connectRedis(url, logger);
  const registry = createListenerRegistry();
  const deletionListeners: AccountDeletionListener[] = [];
  try {
    await subscriber.subscribe(ACCOUNT_DELETIONS_TOPIC);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw error;
  }
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
  // Deletion notices first, and what was missed of them read, before any user's events flow again.
  subscriber.on('ready', () => {
    void (async () => {
      try {
        await subscriber.subscribe(ACCOUNT_DELETIONS_TOPIC);
        for (const listener of deletionListeners) await listener.missed?.();
      } catch (error) {
        logger.warn({ err: error }, 'account deletions missed while redis was unreachable could not be read');
      }
      subscribe([...registry.byUser.keys()]);
    })();
  });
  subscriber.on('message', (channel: string, message: string) => {
    if (channel === ACCOUNT_DELETIONS_TOPIC) {
      const notice = readDeletionNotice(message);
      if (!notice) logger.warn({ channel }, 'unreadable account deletion notice on the bus');
      else for (const listener of deletionListeners) listener.deleted(notice);
      return;
    }
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
    async announceAccountDeletion({ userId, deletedAt }) {
      await publisher.publish(ACCOUNT_DELETIONS_TOPIC, JSON.stringify({ userId, deletedAt: deletedAt.toISOString() }));
    },
    onAccountDeletion: (listener) => void deletionListeners.push(listener),
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

function readDeletionNotice(message: string): AccountDeletionNotice | undefined {
  try {
    const { userId, deletedAt } = JSON.parse(message) as { userId?: unknown; deletedAt?: unknown };
    const at = typeof deletedAt === 'string' ? new Date(deletedAt) : undefined;
    if (typeof userId !== 'string' || !at || Number.isNaN(at.getTime())) return undefined;
    return { userId, deletedAt: at };
  } catch {
    return undefined;
  }
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
