import type { Task } from './api.js';
import { groupTasks, localDay } from './dates.js';
import type { QueuedCreate } from './offline-queue.js';
import { reminderLabel } from './reminders.js';
import { zone } from './task-form.js';

function when(dueAt: string | null, withDay: boolean): string {
  if (!dueAt) return 'No date';
  const at = new Date(dueAt);
  const time = at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (!withDay) return time;
  return `${at.toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' })}, ${time}`;
}

interface Props {
  tasks: Task[];
  waiting: QueuedCreate[];
  now: Date;
  loaded: boolean;
  onComplete(task: Task): void;
  onOpen(task: Task): void;
}

/** The daily queue: Overdue (when there is something), Today and Upcoming; then what waits to sync. */
export function Queue({ tasks, waiting, now, loaded, onComplete, onOpen }: Props) {
  const groups = groupTasks(
    tasks.filter((task) => task.status === 'PENDING'),
    now,
    zone(),
  );
  const today = localDay(now, zone());
  const section = (id: string, heading: string, list: Task[], empty: string) => (
    <section aria-labelledby={id} class="group">
      <h2 id={id}>{heading}</h2>
      {list.length === 0 ? (
        <p class="empty">{loaded ? empty : 'Loading…'}</p>
      ) : (
        <ul class="tasks">
          {list.map((task) => (
            <li key={task.id} class="task">
              <label class="check">
                <input type="checkbox" aria-label={`Complete ${task.title}`} onChange={() => onComplete(task)} />
              </label>
              <button type="button" class="open" onClick={() => onOpen(task)}>
                <span class="title">{task.title}</span>
                <span class="meta">
                  {when(task.dueAt, task.dueAt !== null && localDay(new Date(task.dueAt), zone()) !== today)}
                  {task.reminder && ` · Reminder: ${reminderLabel(task.reminder)}`}
                  {task.recurrenceText && ` · Repeats ${task.recurrenceText}`}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
  return (
    <div class="queue">
      {groups.overdue.length > 0 && section('overdue', 'Overdue', groups.overdue, '')}
      {section('today', 'Today', groups.today, 'Nothing left for today.')}
      {section('upcoming', 'Upcoming', groups.upcoming, 'Nothing planned yet.')}
      {waiting.length > 0 && (
        <section aria-labelledby="waiting" class="group">
          <h2 id="waiting">Waiting to sync</h2>
          <ul class="tasks">
            {waiting.map((item) => (
              <li key={item.key} class="task waiting">
                <span class="title">{item.task.title}</span>
                <span class="meta">
                  {when(item.task.dueAt ?? null, true)} · waiting to sync
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
