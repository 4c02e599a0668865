// A subscription that resumes where it left off (docs/graphql.md, "Resumable subscriptions"): it keeps
// the id of the last event received and subscribes again with `after: <id>` whenever the socket comes
// back, so the service replays what happened meanwhile. Only when there is nothing to resume from (no
// event yet) or the service answers EVENTS_EXPIRED (the id is older than its retention) must the page
// fetch what it shows again. No DOM here: unit tested against the real service (test/web).

import type { Client, FormattedExecutionResult } from 'graphql-ws';

/** The code of the error a subscription answers for an `after` it cannot resume from. */
export const EVENTS_EXPIRED = 'EVENTS_EXPIRED';

export interface ResumableOptions<T> {
  client: Client;
  /** A subscription document that passes `$after: ID` to its field. */
  query: string;
  /** The event id a payload carries (`TaskChange.id`, `ReminderDue.id`). */
  idOf(data: T): string;
  next(data: T): void;
  /**
   * Told each time the subscription is sent with nothing to resume from: at the start, on a
   * reconnection before any event came, and after EVENTS_EXPIRED. What the page shows must then be
   * fetched again.
   */
  resync(): void;
  /** Resume after this event id from the start; default: from now. */
  after?: string | null;
  /** How long to wait before subscribing again when the subscription ended otherwise. */
  retryMs?: number;
}

export interface Resumable {
  /** The id of the last event received (or the one given), where the next subscription resumes. */
  readonly after: string | null;
  stop(): void;
}

function hasCode(errors: readonly unknown[] | undefined, code: string): boolean {
  return (errors ?? []).some((error) => (error as { extensions?: { code?: unknown } } | null)?.extensions?.code === code);
}

export function followResumable<T>(options: ResumableOptions<T>): Resumable {
  const retryMs = options.retryMs ?? 2_000;
  let after = options.after ?? null;
  let stopped = false;
  let dispose: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // graphql-ws sends the payload of a subscription again, serialized anew, each time it reconnects:
  // the getter makes every resubscription carry the last id received by then.
  let resyncQueued = false;
  // graphql-ws serializes the payload anew each time it sends the subscription: the first time, again
  // on every reconnection, and when it is started afresh here. toJSON makes each of those carry the
  // last id received by then, and is where a subscription without one is seen: the page must refetch.
  const payload = {
    query: options.query,
    toJSON(): { query: string; variables: Record<string, unknown> } {
      if (after === null && !resyncQueued) {
        resyncQueued = true;
        queueMicrotask(() => {
          resyncQueued = false;
          if (!stopped) options.resync();
        });
      }
      return { query: options.query, variables: after === null ? {} : { after } };
    },
  };

  function subscribe(): void {
    if (stopped) return;
    let expired = false;
    dispose = options.client.subscribe<T>(payload, {
      next(result: FormattedExecutionResult<T>) {
        if (hasCode(result.errors, EVENTS_EXPIRED)) expired = true;
        if (!result.data) return;
        after = options.idOf(result.data);
        options.next(result.data);
      },
      // A close the client does not retry (an expired token: 4401), or a refused document.
      error: () => later(),
      complete() {
        if (!expired) return later();
        // The id is older than the service keeps events: follow from now (and refetch, above).
        after = null;
        subscribe();
      },
    });
  }

  function later(): void {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(subscribe, retryMs);
  }

  subscribe();
  return {
    get after() {
      return after;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      dispose?.();
    },
  };
}
