import type { Logger } from '../logger.js';
import type { EventBus, LiveEvent } from './event-bus.js';
import { createEventQueue } from './event-queue.js';
import { readEventsAfter, resumePosition, type ResumeDeps } from './read-outbox.js';
import { lastPosition, sequenceEvents } from './sequence-events.js';
import type { OutboxEventType, TaskEvent } from './task-event.js';

export interface FollowDeps extends ResumeDeps {
  bus: EventBus;
  logger: Logger;
}

export interface FollowOptions {
  userId: string;
  types: readonly OutboxEventType[];
  /** The last event the client has: replay what came after it first. Absent: from now on. */
  after?: string | undefined;
  /** Ends the stream (client gone, token expired, shutdown). */
  signal: AbortSignal;
  now: Date;
  /** Called as the consumer takes each event (SSE writes its id). */
  onDelivered?(event: TaskEvent): void;
}

/**
 * Where a subscription "from now on" starts: after every event committed before it. Those the relay has
 * not positioned yet are positioned first, so that none of them is taken for a later one.
 */
async function positionNow(deps: FollowDeps): Promise<number> {
  await sequenceEvents(deps);
  return lastPosition(deps.db);
}

/** Rows read per catch-up query. */
const CATCH_UP_BATCH = 200;
/** Live events held while a catch-up runs; past this they are dropped and read from the outbox instead. */
const MAX_HELD = 1_000;

/**
 * A user's events of some types, in position order, each once: first those after `after` from the
 * outbox, then live from the bus, with no gap and no duplicate at the seam.
 *
 * It keeps the position of the last event it passed on. Whenever the bus says it is subscribed (at
 * first, and again after each reconnection, when events may have gone by unseen), it reads the outbox
 * after that position while holding back live events, then lets the held ones through, dropping any at
 * or below the position reached. This relies on two things the relay guarantees: an event's position is
 * committed before the event is published, so one that went by before the bus was subscribed is in the
 * outbox by the time the catch-up reads it; and the bus carries events in position order.
 *
 * Resolves once the resume point is known (failing with EVENTS_EXPIRED or a bad-input error first).
 */
export async function followEvents(deps: FollowDeps, options: FollowOptions): Promise<AsyncIterableIterator<TaskEvent>> {
  const { userId, types } = options;
  let position = options.after === undefined ? await positionNow(deps) : await resumePosition(deps, userId, options.after, options.now);
  const wanted = new Set<string>(types);

  let live = false;
  let catchingUp = false;
  let again = false;
  let held: LiveEvent[] = [];

  const deliver = ({ position: at, event }: LiveEvent) => {
    if (at <= position) return;
    position = at;
    if (wanted.has(event.type) && event.userId === userId) queue.push(event);
  };

  const catchUp = async () => {
    live = false;
    if (catchingUp) {
      again = true;
      return;
    }
    catchingUp = true;
    try {
      do {
        again = false;
        for (;;) {
          const rows = await readEventsAfter(deps, { userId, types, after: position, limit: CATCH_UP_BATCH });
          for (const row of rows) deliver(row);
          if (rows.length < CATCH_UP_BATCH || queue.ended) break;
        }
      } while (again && !queue.ended);
      // No await from here on: nothing can arrive between the last read and going live.
      const pending = held;
      held = [];
      for (const event of pending) deliver(event);
      live = true;
    } catch (error) {
      // The stream cannot promise no gap any more; the client resumes with `after` its last event.
      deps.logger.warn({ err: error, userId }, 'subscription catch-up from the outbox failed');
      queue.fail(error);
    } finally {
      catchingUp = false;
    }
  };

  const queue = createEventQueue<TaskEvent>({
    onEnd: () => {
      unlisten();
      options.signal.removeEventListener('abort', end);
    },
    onTake: options.onDelivered,
  });
  const end = () => queue.end();
  const unlisten = deps.bus.listen(userId, {
    event(event) {
      if (live) deliver(event);
      else if (held.length < MAX_HELD) held.push(event);
      else {
        held = [];
        again = true;
      }
    },
    subscribed: () => void catchUp(),
    closed: end,
  });
  options.signal.addEventListener('abort', end, { once: true });
  if (options.signal.aborted) end();
  return queue.iterator;
}
