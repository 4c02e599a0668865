import type { createClient as CreateClient } from 'graphql-ws';
import { TASK_FIELDS } from './types.js';
import { accessToken } from './auth.js';
import { followResumable } from './resumable.js';
import type { TaskChange } from '../model/task-changes.js';

export interface FiredReminder {
  id: string;
  task: { id: string; title: string; dueAt: string | null };
}

export interface LiveHandlers {
  /** A task changed somewhere (this page, another device, REST, a script), live or replayed. */
  taskChanged(change: TaskChange): void;
  /** A reminder fired. */
  reminderDue(due: FiredReminder): void;
  /** The socket (re)connected. */
  connected(): void;
  /** Nothing to resume from (no change seen yet, or the service no longer has it): fetch the list again. */
  resync(): void;
  /** One of the person's lists changed: renamed, a member came or went, or it was deleted. */
  listChanged(): void;
}

const TASK_CHANGED = `subscription TaskChanged($after: ID) { taskChanged(after: $after) { id type actor { id displayName } task { ${TASK_FIELDS} } } }`;
const LIST_CHANGED = 'subscription ListChanged($after: ID) { listChanged(after: $after) { id type } }';
const REMINDER_DUE = 'subscription ReminderDue($after: ID) { reminderDue(after: $after) { id task { id title dueAt } } }';

/** Close reasons (code 4401) of a session the service ended: src/graphql/graphql-engine.ts. */
const SESSION_ENDED = new Set(['Signed out', 'Account deleted']);

/** Waits `ms`, or less when the browser comes back online: then the socket is tried at once. */
function pause(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/**
 * Live updates over graphql-ws. The socket reconnects by itself after a network loss; each
 * subscription then resumes after the last event it received (`after`), so the service replays what
 * happened meanwhile and the list is not fetched again (web/src/resumable.ts). A close the client
 * treats as final (an expired token: 4401) ends the subscriptions; they start again shortly with a
 * fresh token, resuming the same way.
 */
export function startLive(handlers: LiveHandlers): () => void {
  // graphql-ws comes in its own chunk, after the first screen: the queue is fetched meanwhile, and the
  // subscriptions' first resync finds anything that changed in between.
  let stop: (() => void) | undefined;
  let stopped = false;
  const begin = () =>
    import('graphql-ws').then(
      ({ createClient }) => {
        if (!stopped) stop = connect(createClient, handlers);
      },
      // Not fetched (offline before the worker had it): tried again when the network is back.
      () => window.addEventListener('online', () => void begin(), { once: true }),
    );
  void begin();
  return () => {
    stopped = true;
    stop?.();
  };
}

function connect(createClient: typeof CreateClient, handlers: LiveHandlers): () => void {
  const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
  const client = createClient({
    url,
    lazy: true,
    // A subscription started afresh (after EVENTS_EXPIRED) finds the socket still open.
    lazyCloseTimeout: 1_000,
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) => pause(Math.min(1000 * 2 ** retries, 15_000)),
    connectionParams: async () => {
      const token = await accessToken().catch(() => null);
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    on: {
      connected: () => handlers.connected(),
      // The service ended the session (signed out elsewhere, the account deleted): find out at once by
      // refreshing, which signs this browser out with a word, instead of at the person's next tap.
      // (Other 4401s, an expired or refused token, are mended by the next call's own refresh.)
      closed: (event) => {
        const close = event as CloseEvent;
        if (close.code === 4401 && SESSION_ENDED.has(close.reason)) void accessToken(true).catch(() => undefined);
      },
    },
  });
  const changes = followResumable<{ taskChanged: TaskChange }>({
    client,
    query: TASK_CHANGED,
    idOf: (data) => data.taskChanged.id,
    next: (data) => handlers.taskChanged(data.taskChanged),
    resync: () => handlers.resync(),
  });
  // A reminder is a notice of the moment: with nothing to resume from there is nothing to fetch.
  const reminders = followResumable<{ reminderDue: FiredReminder }>({
    client,
    query: REMINDER_DUE,
    idOf: (data) => data.reminderDue.id,
    next: (data) => handlers.reminderDue(data.reminderDue),
    resync: () => undefined,
  });
  // A list change is re-read whole (the lists are few): nothing to resume from means read them again.
  const lists = followResumable<{ listChanged: { id: string } }>({
    client,
    query: LIST_CHANGED,
    idOf: (data) => data.listChanged.id,
    next: () => handlers.listChanged(),
    resync: () => handlers.listChanged(),
  });
  return () => {
    changes.stop();
    reminders.stop();
    lists.stop();
    void client.dispose();
  };
}
