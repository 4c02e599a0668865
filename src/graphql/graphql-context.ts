import type { ServiceContext } from '../context.js';
import type { EventBus } from '../events/event-bus.js';

/** What every resolver gets: the authenticated caller's service context and the live event bus. */
export interface GraphqlContext {
  caller: ServiceContext;
  events: EventBus;
  /** Aborted when the client goes away or the server shuts down: live subscriptions end then. */
  signal: AbortSignal;
}
