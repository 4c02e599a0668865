import type { TaskEvent } from './task-event.js';

export type EventListener = (event: TaskEvent) => void;

export interface EventHub {
  publish(event: TaskEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: EventListener): () => void;
}

/** In-process fan-out of published events to live listeners (subscriptions, tests). */
export function createEventHub(): EventHub {
  const listeners = new Set<EventListener>();
  return {
    publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
