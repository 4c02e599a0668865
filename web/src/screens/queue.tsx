import { useCallback } from 'preact/hooks';
import type { CaptureInput } from '../api/client.js';
import type { Task } from '../api/types.js';
import { CaptureBar } from '../components/capture-bar.js';
import { SearchBox } from '../components/search-box.js';
import { TaskItem } from '../components/task-item.js';
import { personZone, formatDue } from '../model/dates.js';
import { useSearch } from '../state/use-search.js';
import { useStableCallback } from '../state/use-stable-callback.js';
import type { TasksState } from '../state/use-tasks.js';
import { QueueSections } from './queue-sections.js';

interface Props {
  state: TasksState;
  /** The signed-in person's id: tasks assigned to them come first. */
  me: string | null;
  busy: boolean;
  /** False when the service cannot transcribe voice notes; null: not known. */
  voice: boolean | null;
  onCapture(input: CaptureInput): void;
  onProblem(text: string): void;
  onOpen(task: Task): void;
}

/** The capture bar, then the daily queue: Overdue (when there is something), Today and Upcoming; then what waits to sync. */
export function QueueScreen({ state, me, busy, voice, onCapture, onProblem, onOpen }: Props) {
  const { tasks, waiting, now, loaded } = state;
  const zone = personZone();
  const search = useSearch(() => tasks);
  // Handlers that keep their identity, so rows whose task did not change are not drawn again.
  const complete = useStableCallback((done: Task) => void state.complete(done));
  const snooze = useStableCallback((later: Task) => void state.snooze(later));
  const open = useStableCallback(onOpen);
  // Rows drawn by a stable function, so the sections (drawn in steps) need not draw the screen around them.
  const rows = useCallback(
    (list: Task[]) => (
    <ul class="tasks">
      {list.map((task) => (
        <TaskItem
          key={task.id}
          task={task}
          now={now}
          timeZone={zone}
          onComplete={task.status === 'PENDING' && task.list?.role !== 'VIEWER' ? complete : undefined}
          onSnooze={task.recurrence || task.status !== 'PENDING' || task.list?.role === 'VIEWER' ? undefined : snooze}
          onOpen={open}
        />
      ))}
    </ul>
    ),
    [now, zone, complete, snooze, open],
  );
  return (
    <>
      <CaptureBar
        busy={busy}
        voice={voice}
        onText={(text) => onCapture({ text })}
        onFile={(field, blob, name, text) => onCapture({ text: text || undefined, file: { field, blob, name } })}
        onProblem={onProblem}
      />
      <SearchBox search={search}>{rows}</SearchBox>
      <div class="queue" hidden={search.query.trim() !== ''}>
        <QueueSections tasks={tasks} me={me} now={now} zone={zone} loaded={loaded} rows={rows} />
        {waiting.length > 0 && (
          <section aria-labelledby="waiting" class="group">
            <div class="group-heading">
              <h2 id="waiting">Waiting to sync</h2>
            </div>
            <ul class="tasks">
              {waiting.map((item) => (
                <li key={item.key} class="task waiting">
                  <span class="title">{item.task.title}</span>
                  <span class="meta">{formatDue(item.task.dueAt ?? null, now, zone)} · waiting to sync</span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
