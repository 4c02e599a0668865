import type { AccountDeletionChecker } from '../auth/account-deletions.js';
import { followAccountDeletions } from '../auth/follow-account-deletions.js';
import { createLiveConnections, type LiveConnections } from '../auth/live-connections.js';
import type { Config } from '../config.js';
import type { AccountDeleted } from '../context.js';
import type { Database } from '../db/database.js';
import { createEventBus, type EventBus, type LiveEvent } from '../events/event-bus.js';
import { createEventHub, type EventHub } from '../events/event-hub.js';
import { createOutboxRelay, type OutboxRelay } from '../events/outbox-relay.js';
import type { Logger } from '../logger.js';
import type { UserDirectory } from '../users/user-directory.js';

export interface LiveEventsDeps {
  config: Pick<Config, 'redisUrl'>;
  database: Database;
  logger: Logger;
  users: UserDirectory;
  deletions: AccountDeletionChecker;
}

export interface LiveEvents {
  /** Live events, as published from the outbox. */
  eventHub: EventHub;
  /** Every event, from this instance or (with Redis) any other. */
  eventBus: EventBus;
  relay: OutboxRelay;
  /** WebSockets and event streams by user. */
  liveConnections: LiveConnections;
  /** What a deleting request tells (ServiceContext.accountDeleted). */
  accountDeleted: AccountDeleted;
}

/**
 * The way committed events reach subscribers: the outbox relay publishes each to this instance's hub
 * and to the event bus, which (with REDIS_URL) carries it, and account deletions, to every instance.
 */
export async function startLiveEvents({ config, database, logger, users, deletions }: LiveEventsDeps): Promise<LiveEvents> {
  const eventHub = createEventHub();
  // Each event is published once, by whichever instance's relay claims it; Redis (REDIS_URL) then
  // carries it to the subscribers of every instance.
  const eventBus = await createEventBus({ redisUrl: config.redisUrl, logger });
  // WebSockets and event streams: an account deletion on any instance closes those of its old tokens.
  const liveConnections = createLiveConnections();
  const accountDeleted = followAccountDeletions({ db: database.db, logger, bus: eventBus, deletions, users, live: liveConnections });
  const relaySink = {
    async publish(live: LiveEvent) {
      eventHub.publish(live.event);
      await eventBus.publish(live);
    },
  };
  const sqliteWriter = database.raw.provider === 'sqlite' ? database.raw.writer : undefined;
  const relay = createOutboxRelay({ db: database.db, provider: database.provider, sqliteWriter, sink: relaySink, logger });
  return { eventHub, eventBus, relay, liveConnections, accountDeleted };
}
