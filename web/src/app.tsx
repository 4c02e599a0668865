import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { capture, graphql, TASK_FIELDS, type Draft, type Task } from './api.js';
import { ApiError } from './api-error.js';
import { exchangeCode, isSignedIn, onSessionChange } from './auth.js';
import { CaptureBar } from './capture-bar.js';
import { indexedDbQueueStore } from './idb-store.js';
import { startLive } from './live.js';
import { applyTaskChange } from './task-changes.js';
import { createOfflineQueue, type QueuedCreate } from './offline-queue.js';
import { Queue } from './queue.js';
import { ReminderNotice, type Due } from './reminder-notice.js';
import { reminderFromMinutes } from './reminders.js';
import { Settings } from './settings.js';
import { takeSharedCapture } from './share.js';
import { SignIn } from './sign-in.js';
import { completeOidcSignIn } from './oidc.js';
import { fieldsOfDue, TaskForm, zone, type SavedFields, type TaskFields } from './task-form.js';

type Screen = { name: 'queue' } | { name: 'review'; fields: TaskFields } | { name: 'edit'; task: Task } | { name: 'settings' };

const UNDO_MS = 6_000;
/** Snooze moves the reminder this far ahead (the service's snoozeReminder). */
const SNOOZE_MINUTES = 10;

const LIST = `query Queue { tasks(filter: { status: PENDING }, first: 200, orderBy: DUE_AT_ASC) { edges { node { ${TASK_FIELDS} } } } }`;
const CREATE = `mutation Create($input: CreateTaskInput!) { createTask(input: $input) { id } }`;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Signs in on `/login`: the way back from an OIDC issuer (`?code=…&state=…` or `?error=…`), or the
 * code of a `/login#code=…` link.
 */
async function signInFromLink(): Promise<string | null> {
  if (location.pathname !== '/login') return null;
  const query = new URLSearchParams(location.search);
  if (query.has('state') || query.has('code') || query.has('error')) {
    history.replaceState(null, '', '/');
    try {
      await completeOidcSignIn(query);
      return null;
    } catch (error) {
      return message(error);
    }
  }
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  history.replaceState(null, '', '/');
  if (!code) return 'This sign-in link has no code. Ask for a new link.';
  try {
    await exchangeCode(code);
    return null;
  } catch (error) {
    return error instanceof ApiError && error.status === 400
      ? 'This sign-in link is used, expired or unknown. Ask for a new link.'
      : message(error);
  }
}

export function App() {
  const [signedIn, setSignedIn] = useState(isSignedIn());
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [starting, setStarting] = useState(location.pathname === '/login');

  useEffect(() => onSessionChange(() => setSignedIn(isSignedIn())), []);
  useEffect(() => {
    if (location.pathname !== '/login') return;
    void signInFromLink().then((problem) => {
      setLinkProblem(problem);
      setSignedIn(isSignedIn());
      setStarting(false);
    });
  }, []);

  if (starting) return <p class="status">Signing in…</p>;
  if (!signedIn) return <SignIn problem={linkProblem} />;
  return <Home />;
}

function Home() {
  const [screen, setScreen] = useState<Screen>({ name: 'queue' });
  const [tasks, setTasks] = useState<Task[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [waiting, setWaiting] = useState<QueuedCreate[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [undo, setUndo] = useState<Task | null>(null);
  const [due, setDue] = useState<Due | null>(null);
  const [now, setNow] = useState(() => new Date());
  const undoTimer = useRef<number>();
  const hidden = useRef(new Set<string>());

  const refresh = useCallback(async () => {
    try {
      const data = await graphql<{ tasks: { edges: { node: Task }[] } }>(LIST);
      setTasks(data.tasks.edges.map((edge) => edge.node));
      setNow(new Date());
      setLoaded(true);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 0)) setProblem(message(error));
    }
  }, []);

  const queue = useMemo(
    () =>
      createOfflineQueue({
        store: indexedDbQueueStore(),
        send: async (item) => {
          await graphql(CREATE, { input: item.task }, { idempotencyKey: item.key });
        },
        newKey: () => crypto.randomUUID(),
        now: () => new Date(),
        changed: () => {
          void queue.waiting().then(setWaiting);
          void refresh();
        },
        refused: (item, error) => setProblem(`“${item.task.title}” was not saved: ${error.message}`),
      }),
    [refresh],
  );

  // A tapped reminder notification opens the app at `/?task=<id>`: show that task's edit form.
  useEffect(() => {
    if (!loaded) return;
    const wanted = new URLSearchParams(location.search).get('task');
    if (!wanted) return;
    history.replaceState(null, '', '/');
    const task = tasks.find((candidate) => candidate.id === wanted);
    if (task) setScreen({ name: 'edit', task });
  }, [loaded]);

  useEffect(() => {
    void refresh();
    void queue.waiting().then(setWaiting);
    void queue.flush();
    // The caller's "today" is this browser's today.
    void graphql('mutation Zone($zone: String!) { setTimeZone(timeZone: $zone) { timeZone } }', { zone: zone() }).catch(() => undefined);
    // The socket catches up by itself when the network is back (live.ts); what waited here is sent.
    const online = () => void queue.flush();
    window.addEventListener('online', online);
    const tick = window.setInterval(() => {
      setNow(new Date());
      void queue.flush();
    }, 30_000);
    const stop = startLive({
      taskChanged: (change) => setTasks((list) => applyTaskChange(list, change)),
      connected: () => void queue.flush(),
      resync: () => void refresh(),
      reminderDue: (event) => setDue({ taskId: event.task.id, title: event.task.title, dueAt: event.task.dueAt }),
    });
    void takeSharedCapture().then((shared) => {
      if (shared) void runCapture(shared);
    });
    return () => {
      window.removeEventListener('online', online);
      window.clearInterval(tick);
      stop();
    };
  }, [queue, refresh]);

  async function runCapture(input: Parameters<typeof capture>[0]) {
    setBusy(true);
    setProblem(null);
    try {
      const draft: Draft = await capture(input);
      const due = fieldsOfDue(draft.dueAt);
      setScreen({
        name: 'review',
        fields: {
          title: draft.title,
          description: draft.description,
          date: draft.date ?? due.date,
          time: draft.time ?? due.time,
          reminder: reminderFromMinutes(draft.remindBefore),
          recurrence: draft.recurrence ?? null,
          recurrenceText: draft.recurrenceText ?? null,
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0 && input.text && !input.file) {
        // Offline: review the words as they are; the create waits in the queue.
        setScreen({ name: 'review', fields: { title: input.text, description: '', date: '', time: '', reminder: null, recurrence: null } });
        setProblem('Offline: the text was not read for a date. Add one yourself, or save as it is.');
      } else {
        setProblem(message(error));
      }
    } finally {
      setBusy(false);
    }
  }

  async function saveNew(fields: SavedFields) {
    setScreen({ name: 'queue' });
    setProblem(null);
    await queue.add({
      title: fields.title,
      description: fields.description,
      dueAt: fields.dueAt,
      reminder: fields.reminder,
      recurrence: fields.recurrence,
    });
  }

  async function saveEdit(task: Task, fields: SavedFields) {
    setBusy(true);
    try {
      await graphql(`mutation Update($input: UpdateTaskInput!) { updateTask(input: $input) { ${TASK_FIELDS} } }`, {
        input: { id: task.id, ...fields },
      });
      setScreen({ name: 'queue' });
      setProblem(null);
      await refresh();
    } catch (error) {
      setProblem(message(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove(task: Task) {
    setBusy(true);
    try {
      await graphql('mutation Delete($id: ID!) { deleteTask(id: $id) { id } }', { id: task.id });
      setScreen({ name: 'queue' });
      setProblem(null);
      await refresh();
    } catch (error) {
      setProblem(message(error));
    } finally {
      setBusy(false);
    }
  }

  async function complete(task: Task) {
    hidden.current.add(task.id);
    setTasks((list) => list.filter((other) => other.id !== task.id));
    setUndo(task);
    window.clearTimeout(undoTimer.current);
    undoTimer.current = window.setTimeout(() => setUndo(null), UNDO_MS);
    try {
      await graphql('mutation Complete($id: ID!) { completeTask(id: $id) { id status } }', { id: task.id });
    } catch (error) {
      setProblem(`Could not complete “${task.title}”: ${message(error)}`);
      setUndo(null);
      await refresh();
    } finally {
      hidden.current.delete(task.id);
    }
  }

  async function reopen(task: Task) {
    window.clearTimeout(undoTimer.current);
    setUndo(null);
    setTasks((list) => [...list.filter((other) => other.id !== task.id), task]);
    try {
      await graphql('mutation Reopen($id: ID!) { reopenTask(id: $id) { id status } }', { id: task.id });
    } catch (error) {
      setProblem(`Could not reopen “${task.title}”: ${message(error)}`);
    }
    await refresh();
  }

  const visible = tasks.filter((task) => !hidden.current.has(task.id));

  return (
    <>
      <header class="bar">
        <h1>
          <button type="button" class="link home" onClick={() => setScreen({ name: 'queue' })}>
            Tickler
          </button>
        </h1>
        <button type="button" onClick={() => setScreen({ name: 'settings' })}>
          Settings
        </button>
      </header>
      <main>
        {problem && (
          <p role="alert" class="error">
            {problem}
          </p>
        )}
        {due && (
          <ReminderNotice
            due={due}
            onDone={async () => {
              setDue(null);
              await graphql('mutation Complete($id: ID!) { completeTask(id: $id) { id } }', { id: due.taskId }).catch((error) =>
                setProblem(message(error)),
              );
              await refresh();
            }}
            onSnooze={async () => {
              setDue(null);
              await graphql('mutation Snooze($id: ID!, $minutes: Int!) { snoozeReminder(taskId: $id, minutes: $minutes) { id } }', {
                id: due.taskId,
                minutes: SNOOZE_MINUTES,
              }).catch((error) => setProblem(message(error)));
            }}
          />
        )}
        {screen.name === 'queue' && (
          <>
            <CaptureBar
              busy={busy}
              onText={(text) => void runCapture({ text })}
              onFile={(field, blob, name, text) => void runCapture({ text: text || undefined, file: { field, blob, name } })}
              onProblem={setProblem}
            />
            <Queue tasks={visible} waiting={waiting} now={now} loaded={loaded} onComplete={complete} onOpen={(task) => setScreen({ name: 'edit', task })} />
          </>
        )}
        {screen.name === 'review' && (
          <TaskForm heading="Review the new task" initial={screen.fields} onSave={saveNew} onCancel={() => setScreen({ name: 'queue' })} />
        )}
        {screen.name === 'edit' && (
          <TaskForm
            heading="Edit task"
            withDescription
            busy={busy}
            initial={{
              title: screen.task.title,
              description: screen.task.description,
              reminder: screen.task.reminder,
              recurrence: screen.task.recurrence,
              recurrenceText: screen.task.recurrenceText,
              ...fieldsOfDue(screen.task.dueAt),
            }}
            onSave={(fields) => void saveEdit(screen.task, fields)}
            onCancel={() => setScreen({ name: 'queue' })}
            onDelete={() => void remove(screen.task)}
          />
        )}
        {screen.name === 'settings' && <Settings onBack={() => setScreen({ name: 'queue' })} onProblem={setProblem} />}
      </main>
      {undo && (
        <div class="toast" role="status">
          <span>Completed “{undo.title}”.</span>
          <button type="button" onClick={() => void reopen(undo)}>
            Undo
          </button>
        </div>
      )}
    </>
  );
}
