import { followEvents } from '../events/follow-events.js';
import type { OutboxEventType, TaskEvent } from '../events/task-event.js';
import type { GraphqlContext } from './graphql-context.js';

/** The description of a subscription's `after` argument. */
export const AFTER_DESCRIPTION =
  'Resume after this event id (the `id` of the last payload received): its later events are replayed from the outbox first, then live ones follow, none twice. Fails with EVENTS_EXPIRED when that event is older than the event retention or unknown: refetch, then subscribe without it. Over SSE a Last-Event-ID header takes its place.';

/**
 * The caller's events of these types for a subscription field: resumed after `after` (or the SSE
 * client's Last-Event-ID, which is newer when an EventSource reconnects with its original query), and
 * noting each delivered event's id for SSE's `id:` lines.
 */
export function followCallerEvents<T extends TaskEvent>(
  ctx: GraphqlContext,
  types: readonly OutboxEventType[],
  after: string | null | undefined,
): Promise<AsyncIterableIterator<T>> {
  return followEvents(ctx.events, {
    userId: ctx.caller.userId,
    types,
    after: ctx.lastEventId ?? after ?? undefined,
    signal: ctx.signal,
    now: ctx.caller.clock.now(),
    onDelivered: (event) => (ctx.delivered.eventId = event.id),
  }) as Promise<AsyncIterableIterator<T>>;
}
