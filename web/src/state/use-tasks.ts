import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError } from '../api/api-error.js';
import { startLive, type FiredReminder } from '../api/live.js';
import { completeTask, createTask, deleteTask, listPendingTasks, moveTask, reopenTask, setTimeZone, updateTask } from '../api/tasks.js';
import type { NewTask, Task, TaskPatch } from '../api/types.js';
import { personZone } from '../model/dates.js';
import { problemOf, type Problem } from '../model/human-errors.js';
import { snoozedDue } from '../model/snooze.js';
import { keepUnchanged } from '../model/keep-unchanged.js';
import { applyTaskChange, type TaskChange } from '../model/task-changes.js';
import { indexedDbQueueStore } from '../offline/idb-store.js';
import { createOfflineQueue, type QueuedCreate } from '../offline/offline-queue.js';

const UNDO_MS = 6_000;

/** What was just done and can be undone: a completion, or a snooze (with the due time it had). */
export type Undoable = { kind: 'complete'; task: Task } | { kind: 'snooze'; task: Task; before: string | null };

export interface TasksState {
  tasks: Task[];
  loaded: boolean;
  /** Creates kept in this browser until the service has them. */
  waiting: QueuedCreate[];
  /** The queue's "now": looked at every 30 s, moved on when the minute changes. */
  now: Date;
  /** What was just done, while its Undo is offered. */
  undo: Undoable | null;
  refresh(): Promise<void>;
  add(task: NewTask): Promise<void>;
  /** Throws ApiError when the service refuses. */
  update(task: Task, patch: TaskPatch): Promise<void>;
  /** Throws ApiError when the service refuses. */
  remove(task: Task): Promise<void>;
  complete(task: Task): Promise<void>;
  /** Moves the task a day later (model/snooze.ts). */
  snooze(task: Task): Promise<void>;
  /** Takes back what `undo` holds. */
  undoLast(): Promise<void>;
}

/**
 * The person's pending tasks, kept current: fetched once, then changed live (graphql-ws) and by what
 * this page does. Creates go through the offline queue; a completion is shown at once and can be undone.
 */
export interface TasksHandlers {
  problem(problem: Problem): void;
  reminderDue(due: FiredReminder): void;
  /** Every live change, after the queue took it (to say who did what). */
  changed?(change: TaskChange): void;
  /** One of the person's lists changed. */
  listChanged?(): void;
}

export function useTasks(handlers: TasksHandlers): TasksState {
  const [tasks, setTasks] = useState<Task[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState<QueuedCreate[]>([]);
  const [now, setNowState] = useState(() => new Date());
  // Moved on only when the minute changes: every row is drawn again with a new "now".
  const setNow = (next: Date) => setNowState((before) => (Math.floor(before.getTime() / 60_000) === Math.floor(next.getTime() / 60_000) ? before : next));
  const [undo, setUndo] = useState<Undoable | null>(null);
  const undoTimer = useRef<number>();
  const hidden = useRef(new Set<string>());
  const latest = useRef(handlers);
  latest.current = handlers;

  const refresh = useCallback(async () => {
    try {
      const fetched = await listPendingTasks();
      setTasks((before) => keepUnchanged(before, fetched));
      setNow(new Date());
      setLoaded(true);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) latest.current.problem(problemOf(error, 'load', () => void refresh()));
    }
  }, []);

  const queue = useMemo(
    () =>
      createOfflineQueue({
        store: indexedDbQueueStore(),
        send: (item) => createTask(item.task, item.key),
        newKey: () => crypto.randomUUID(),
        now: () => new Date(),
        changed: () => {
          void queue.waiting().then(setWaiting);
          void refresh();
        },
        refused: (item, error) => latest.current.problem({ text: problemOf(error, 'save').text.replace('The task', `“${item.task.title}”`) }),
      }),
    [refresh],
  );

  useEffect(() => {
    void refresh();
    void queue.waiting().then(setWaiting);
    void queue.flush();
    void setTimeZone(personZone()).catch(() => undefined);
    // The socket catches up by itself when the network is back (api/live.ts); what waited here is sent.
    const online = () => void queue.flush();
    window.addEventListener('online', online);
    const tick = window.setInterval(() => {
      setNow(new Date());
      void queue.flush();
    }, 30_000);
    const stop = startLive({
      taskChanged: (change) => {
        setTasks((list) => applyTaskChange(list, change));
        latest.current.changed?.(change);
      },
      listChanged: () => latest.current.listChanged?.(),
      connected: () => void queue.flush(),
      resync: () => void refresh(),
      reminderDue: (due) => latest.current.reminderDue(due),
    });
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(tick);
      stop();
    };
  }, [queue, refresh]);

  // One array per change of the tasks, so what is worked out from it (the queue's groups) is kept.
  const visible = useMemo(() => tasks.filter((task) => !hidden.current.has(task.id)), [tasks]);

  async function add(task: NewTask) {
    await queue.add(task);
  }

  async function update(task: Task, patch: TaskPatch) {
    await updateTask(task.id, patch);
    await refresh();
  }

  async function remove(task: Task) {
    await deleteTask(task.id);
    await refresh();
  }

  function offerUndo(done: Undoable | null) {
    window.clearTimeout(undoTimer.current);
    setUndo(done);
    if (done) undoTimer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
  }

  async function complete(task: Task) {
    hidden.current.add(task.id);
    setTasks((list) => list.filter((other) => other.id !== task.id));
    offerUndo({ kind: 'complete', task });
    try {
      await completeTask(task.id);
    } catch (error) {
      latest.current.problem(problemOf(error, 'complete', () => void complete(task)));
      offerUndo(null);
      await refresh();
    } finally {
      hidden.current.delete(task.id);
    }
  }

  async function snooze(task: Task) {
    const dueAt = snoozedDue(task.dueAt, new Date(), personZone());
    setTasks((list) => list.map((other) => (other.id === task.id ? { ...other, dueAt } : other)));
    offerUndo({ kind: 'snooze', task: { ...task, dueAt }, before: task.dueAt });
    try {
      const moved = await moveTask(task.id, dueAt);
      setTasks((list) => list.map((other) => (other.id === task.id ? moved : other)));
    } catch (error) {
      latest.current.problem(problemOf(error, 'snooze', () => void snooze(task)));
      offerUndo(null);
      await refresh();
    }
  }

  async function undoLast() {
    const done = undo;
    offerUndo(null);
    if (!done) return;
    if (done.kind === 'complete') {
      setTasks((list) => [...list.filter((other) => other.id !== done.task.id), done.task]);
      try {
        await reopenTask(done.task.id);
      } catch (error) {
        latest.current.problem(problemOf(error, 'reopen'));
      }
    } else {
      setTasks((list) => list.map((other) => (other.id === done.task.id ? { ...other, dueAt: done.before } : other)));
      try {
        await moveTask(done.task.id, done.before);
      } catch (error) {
        latest.current.problem(problemOf(error, 'update'));
      }
    }
    await refresh();
  }

  return {
    tasks: visible,
    loaded,
    waiting,
    now,
    undo,
    refresh,
    add,
    update,
    remove,
    complete,
    snooze,
    undoLast,
  };
}
