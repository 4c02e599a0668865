import { AlarmClock, Bell, Check, Flag, Repeat, UserRound } from 'lucide-preact';
import { useState } from 'preact/hooks';
import type { Task } from '../api/types.js';
import { formatDue } from '../model/dates.js';
import { remindersSummary } from '../model/reminders.js';
import { repeatSentence } from '../model/repeat-text.js';
import { memoized } from './memoized.js';
import { useSwipe } from './use-swipe.js';

interface Props {
  task: Task;
  now: Date;
  timeZone: string;
  /** Undefined where the person cannot complete it (a viewer, or already completed). */
  onComplete?: (task: Task) => void;
  /** Undefined for a repeating task: its day is its rule's (edit it to move it). */
  onSnooze?: (task: Task) => void;
  onOpen(task: Task): void;
}

/**
 * One task of the queue: the checkbox completes it, "Snooze" moves it to tomorrow, the rest opens it.
 * Swiping right completes, swiping left snoozes: the same as the buttons, which stay for everyone.
 */
function TaskRow({ task, now, timeZone, onComplete, onSnooze, onOpen }: Props) {
  const late = task.dueAt !== null && Date.parse(task.dueAt) < now.getTime();
  const reminders = remindersSummary(task.reminders ?? [], now, timeZone);
  const swipe = useSwipe({ right: onComplete ? () => onComplete(task) : undefined, left: onSnooze ? () => onSnooze(task) : undefined });
  // The hints behind the row are drawn once a finger is on it: a long queue's first load skips them.
  const [touched, setTouched] = useState(false);
  return (
    <li class="task">
      {touched && onComplete && (
        <div class="swipe-hint complete" aria-hidden="true">
          <Check /> Done
        </div>
      )}
      {touched && onSnooze && (
        <div class="swipe-hint snooze" aria-hidden="true">
          Tomorrow <AlarmClock />
        </div>
      )}
      <div
        class="task-body"
        ref={swipe.ref}
        onPointerDown={(event) => {
          setTouched(true);
          swipe.onPointerDown(event);
        }}
        onPointerMove={swipe.onPointerMove}
        onPointerUp={swipe.onPointerUp}
        onPointerCancel={swipe.onPointerCancel}
        onClickCapture={swipe.onClickCapture}
      >
        {onComplete ? (
          <label class="check">
            <input type="checkbox" aria-label={`Complete ${task.title}`} onChange={() => onComplete(task)} />
          </label>
        ) : (
          <span class="check">{task.status === 'COMPLETED' && <Check aria-label="Completed" />}</span>
        )}
        <button type="button" class="open" onClick={() => onOpen(task)}>
          <span class="title">{task.title}</span>
          <span class="meta">
            {task.dueAt && <span class={late ? 'late' : undefined}>{formatDue(task.dueAt, now, timeZone)}</span>}
            {reminders && (
              <span>
                <Bell aria-hidden="true" />
                <span class="sr-only">Reminder:</span> {reminders}
              </span>
            )}
            {task.list && !task.list.inbox && (
              <span class="list-name">
                <span class="list-dot" style={task.list.color ? { background: task.list.color } : undefined} aria-hidden="true" />
                <span class="sr-only">List:</span> {task.list.name}
              </span>
            )}
            {(task.priority === 'URGENT' || task.priority === 'HIGH') && (
              <span class={task.priority === 'URGENT' ? 'priority urgent' : 'priority'}>
                <Flag aria-hidden="true" /> {task.priority === 'URGENT' ? 'Urgent' : 'High'}
              </span>
            )}
            {task.assignee && (
              <span>
                <UserRound aria-hidden="true" />
                <span class="sr-only">Assigned to</span> {task.assignee.displayName}
              </span>
            )}
            {task.labels.map((label) => (
              <span key={label} class="label-chip">
                <span class="sr-only">{'Label: '}</span>
                {label}
              </span>
            ))}
            {task.recurrence && (
              <span>
                <Repeat aria-hidden="true" />
                <span class="sr-only">Repeats:</span> {repeatSentence(task.recurrence, task.dueAt, task.recurrenceText, { timeZone })}
              </span>
            )}
          </span>
        </button>
        {onSnooze && (
          <div class="task-end">
            <button type="button" class="icon" aria-label={`Snooze ${task.title}`} title="Snooze to tomorrow" onClick={() => onSnooze(task)}>
              <AlarmClock aria-hidden="true" />
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** A row is drawn again when its task, the minute, the zone or what it can do changes. */
export const TaskItem = memoized(
  TaskRow,
  (before, after) =>
    before.task === after.task &&
    before.now.getTime() === after.now.getTime() &&
    before.timeZone === after.timeZone &&
    before.onComplete === after.onComplete &&
    before.onSnooze === after.onSnooze &&
    before.onOpen === after.onOpen,
);
