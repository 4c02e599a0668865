import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api/api-error.js';
import { capture, type CaptureInput } from './api/client.js';
import { capabilities } from './api/oidc.js';
import { completeTask, snoozeReminder } from './api/tasks.js';
import type { Draft, Priority, Task, TaskPatch } from './api/types.js';
import { BellRing, List as ListIcon, Settings as SettingsIcon, X } from 'lucide-preact';
import { Alert } from './components/alert.js';
import type { Due } from './components/reminder-notice.js';
import { personZone, fieldsOfDue, formatWhen } from './model/dates.js';
import { problemOf, type Doing, type Problem } from './model/human-errors.js';
import { remindersOfDraft } from './model/reminders.js';
import type { SnoozeFor } from './model/snooze.js';
import { clearUnsent } from './offline/unsent.js';
import { takeSharedCapture } from './offline/share.js';
import { whoAmI } from './api/sharing.js';
import { othersChangeText } from './model/task-changes.js';
import { takeJoinToken } from './offline/join-token.js';
import { JoinScreen, ListScreen, ListsScreen, ReminderNotice, SettingsScreen, SnoozeCard, TaskForm } from './screens/lazy-screens.js';
import { QueueScreen } from './screens/queue.js';
import type { TaskFields } from './screens/task-form.js';
import { useLists } from './state/use-lists.js';
import { useTasks } from './state/use-tasks.js';

type Screen =
  | { name: 'queue' }
  | { name: 'review'; fields: TaskFields }
  | { name: 'edit'; task: Task }
  | { name: 'settings' }
  | { name: 'lists' }
  | { name: 'list'; listId: string }
  | { name: 'join'; token: string };

/** The draft's quick-add marks (`#List @label p1`) as the form's fields. */
function marksOf(draft: Draft): Pick<TaskFields, 'listId' | 'labels' | 'priority'> {
  return { listId: draft.listId ?? '', labels: draft.labels ?? [], priority: (draft.priority?.toUpperCase() as Priority | undefined) ?? 'LOW' };
}

/** The signed-in app: the header, the screen shown, a fired reminder's notice and the Undo toast. */
export function Home() {
  const [screen, show] = useState<Screen>({ name: 'queue' });
  // The queue's scroll position while another screen is shown, to come back to it.
  const queueScroll = useRef(0);
  const setScreen = (next: Screen) => {
    if (screen.name === 'queue' && next.name !== 'queue') queueScroll.current = window.scrollY;
    show(next);
  };
  useLayoutEffect(() => {
    if (screen.name === 'queue') window.scrollTo(0, queueScroll.current);
  }, [screen]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const [due, setDue] = useState<Due | null>(null);
  const [voice, setVoice] = useState<boolean | null>(null);
  const lists = useLists((error) => setProblem(problemOf(error, 'load')));
  const [me, setMe] = useState<string | null>(null);
  // Someone else's change, said for a moment ("Sam completed “Buy milk”").
  const [news, setNews] = useState<string | null>(null);
  const newsTimer = useRef<number>();
  const say = (text: string) => {
    window.clearTimeout(newsTimer.current);
    setNews(text);
    newsTimer.current = window.setTimeout(() => setNews(null), 5_000);
  };
  const state = useTasks({
    changed: (change) => {
      const text = othersChangeText(change, me);
      if (text) say(text);
    },
    listChanged: () => void lists.refresh(),
    problem: setProblem,
    reminderDue: (event) => setDue({ taskId: event.task.id, title: event.task.title, dueAt: event.task.dueAt }),
  });

  // A tapped reminder notification opens the app at `/?task=<id>`: show that task's edit form.
  useEffect(() => {
    if (!state.loaded) return;
    const wanted = new URLSearchParams(location.search).get('task');
    if (!wanted) return;
    history.replaceState(null, '', '/');
    const task = state.tasks.find((candidate) => candidate.id === wanted);
    if (task) setScreen({ name: 'edit', task });
  }, [state.loaded]);

  useEffect(() => {
    void whoAmI().then((who) => setMe(who.id), () => undefined);
    const joining = takeJoinToken();
    if (joining) setScreen({ name: 'join', token: joining });
    void capabilities().then((can) => setVoice(can?.voice ?? null));
    void takeSharedCapture().then((shared) => {
      if (shared) void runCapture(shared);
    });
  }, []);

  async function runCapture(input: CaptureInput) {
    // The review form's chunk comes while the words are read.
    void TaskForm.preload().catch(() => undefined);
    setBusy(true);
    setProblem(null);
    try {
      const draft = await capture(input);
      const due = fieldsOfDue(draft.dueAt, personZone());
      setScreen({
        name: 'review',
        fields: {
          title: draft.title,
          description: draft.description,
          date: draft.date ?? due.date,
          time: draft.time ?? due.time,
          reminders: remindersOfDraft(draft),
          recurrence: draft.recurrence ?? null,
          recurrenceText: draft.recurrenceText ?? null,
          language: draft.language ?? null,
          photo: input.file?.field === 'image' ? input.file.blob : null,
          ...marksOf(draft),
        },
      });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0 && input.text && !input.file) {
        // Offline: review the words as they are; the create waits in the queue.
        setScreen({ name: 'review', fields: { title: input.text, description: '', date: '', time: '', reminders: [], recurrence: null, listId: '', labels: [], priority: 'LOW' } });
        setProblem({ text: 'You’re offline, so the text was not read for a date. Pick one yourself, or save it as it is: it is sent when the network is back.' });
      } else {
        const doing = input.file?.field === 'image' ? 'capture-photo' : input.file ? 'capture-voice' : 'capture-text';
        setProblem(problemOf(error, doing, () => void runCapture(input)));
      }
    } finally {
      setBusy(false);
    }
  }

  async function saveNew(fields: TaskPatch) {
    // Saved (or queued to be): the capture field starts empty again.
    clearUnsent();
    setScreen({ name: 'queue' });
    setProblem(null);
    await state.add(fields);
  }

  async function act(doing: Doing, work: () => Promise<void>) {
    setBusy(true);
    try {
      await work();
      setScreen({ name: 'queue' });
      setProblem(null);
    } catch (error) {
      setProblem(problemOf(error, doing, () => void act(doing, work)));
      if (error instanceof ApiError && error.status === 404) {
        setScreen({ name: 'queue' });
        void state.refresh();
      }
    } finally {
      setBusy(false);
    }
  }

  /** Snoozes the task's reminder (its due time stays) and says until when. */
  async function snooze(task: Pick<Task, 'id' | 'title'>, snooze: SnoozeFor) {
    const until = await snoozeReminder(task.id, snooze);
    say(`The reminder for “${task.title}” rings again ${until ? formatWhen(new Date(until), new Date(), personZone()) : 'later'}.`);
  }

  const openList = screen.name === 'list' ? lists.lists.find((list) => list.id === screen.listId) : undefined;

  return (
    <>
      <header class="bar">
        <h1>
          <button type="button" class="brand" onClick={() => setScreen({ name: 'queue' })}>
            <BellRing aria-hidden="true" />
            Tickler
          </button>
        </h1>
        <div class="bar-actions">
          <button type="button" class="icon" aria-label="Lists" title="Lists" onClick={() => (setScreen({ name: 'lists' }), void lists.refresh())}>
            <ListIcon aria-hidden="true" />
          </button>
          <button type="button" class="icon" aria-label="Settings" title="Settings" onClick={() => setScreen({ name: 'settings' })}>
            <SettingsIcon aria-hidden="true" />
          </button>
        </div>
      </header>
      <main>
        {problem && (
          <Alert
            actions={
              <>
                {problem.retry && (
                  <button type="button" onClick={() => (setProblem(null), problem.retry!())}>
                    Try again
                  </button>
                )}
                <button type="button" class="icon" aria-label="Dismiss" title="Dismiss" onClick={() => setProblem(null)}>
                  <X aria-hidden="true" />
                </button>
              </>
            }
          >
            {problem.text}
          </Alert>
        )}
        {due && (
          <ReminderNotice
            due={due}
            onDone={async () => {
              setDue(null);
              await completeTask(due.taskId).catch((error: unknown) => setProblem(problemOf(error, 'complete')));
              await state.refresh();
            }}
            onSnooze={async (chosen) => {
              setDue(null);
              await snooze({ id: due.taskId, title: due.title }, chosen).catch((error: unknown) => setProblem(problemOf(error, 'snooze')));
            }}
          />
        )}
        {screen.name === 'queue' && (
          <QueueScreen
            state={state}
            me={me}
            busy={busy}
            voice={voice}
            onCapture={(input) => void runCapture(input)}
            onProblem={(text) => setProblem({ text })}
            onOpen={(task) => setScreen({ name: 'edit', task })}
          />
        )}
        {screen.name === 'review' && (
          <TaskForm heading="Review the new task" initial={screen.fields} lists={lists.lists} onSave={saveNew} onCancel={() => setScreen({ name: 'queue' })} />
        )}
        {screen.name === 'edit' && (
          <TaskForm
            heading={screen.task.list?.role === 'VIEWER' ? 'Task' : 'Edit task'}
            withDescription
            readOnly={screen.task.list?.role === 'VIEWER'}
            lists={lists.lists}
            busy={busy}
            initial={{
              title: screen.task.title,
              description: screen.task.description,
              reminders: screen.task.reminders,
              recurrence: screen.task.recurrence,
              recurrenceText: screen.task.recurrenceText,
              listId: screen.task.listId,
              labels: screen.task.labels,
              priority: screen.task.priority,
              ...fieldsOfDue(screen.task.dueAt, personZone()),
            }}
            onSave={(fields) => void act('update', () => state.update(screen.task, fields))}
            onCancel={() => setScreen({ name: 'queue' })}
            onDelete={() => void act('delete', () => state.remove(screen.task))}
          />
        )}
        {screen.name === 'edit' && screen.task.status === 'PENDING' && screen.task.list?.role !== 'VIEWER' && (
          <SnoozeCard
            title={screen.task.title}
            now={new Date()}
            timeZone={personZone()}
            disabled={busy}
            onSnooze={(chosen) => void act('snooze', () => snooze(screen.task, chosen))}
          />
        )}
        {screen.name === 'lists' && (
          <ListsScreen
            lists={lists.lists}
            onOpen={(list) => setScreen({ name: 'list', listId: list.id })}
            onChanged={lists.refresh}
            onBack={() => setScreen({ name: 'queue' })}
            onProblem={setProblem}
          />
        )}
        {screen.name === 'list' && openList && (
          <ListScreen
            list={openList}
            me={me ?? ''}
            state={state}
            onOpen={(task) => setScreen({ name: 'edit', task })}
            onChanged={lists.refresh}
            onBack={() => setScreen({ name: 'lists' })}
            onProblem={setProblem}
          />
        )}
        {screen.name === 'join' && (
          <JoinScreen
            token={screen.token}
            onJoined={(list) => {
              void lists.refresh();
              void state.refresh();
              setScreen({ name: 'list', listId: list.id });
            }}
            onCancel={() => setScreen({ name: 'queue' })}
          />
        )}
        {screen.name === 'settings' && <SettingsScreen onBack={() => setScreen({ name: 'queue' })} onProblem={setProblem} onImported={() => void state.refresh()} />}
      </main>
      {news && !state.undo && (
        <div class="toast" role="status">
          <span>{news}</span>
        </div>
      )}
      {state.undo && (
        <div class="toast" role="status">
          <span>
            {state.undo.kind === 'complete'
              ? `Completed “${state.undo.task.title}”.`
              : `Snoozed “${state.undo.task.title}” to ${state.undo.task.dueAt ? formatWhen(new Date(state.undo.task.dueAt), new Date(), personZone()) : 'later'}.`}
          </span>
          <button type="button" onClick={() => void state.undoLast()}>
            Undo
          </button>
        </div>
      )}
    </>
  );
}
