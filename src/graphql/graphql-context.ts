import type { ServiceContext } from '../context.js';
import type { EventBus } from '../events/event-bus.js';

/** What every resolver gets: the authenticated caller's service context and the live event bus. */
export interface GraphqlContext {
  caller: ServiceContext;
  events: EventBus;
  /** Aborted when the server shuts down, so live subscriptions end and their connections close. */
  shutdown: AbortSignal;
}
