export interface Due {
  taskId: string;
  title: string;
  dueAt: string | null;
}

interface Props {
  due: Due;
  onDone(): void;
  onSnooze(): void;
}

/** Shown when one of the person's reminders fires while the page is open. */
export function ReminderNotice({ due, onDone, onSnooze }: Props) {
  const at = due.dueAt ? new Date(due.dueAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' }) : null;
  return (
    <section class="notice" role="alertdialog" aria-labelledby="notice-title" aria-describedby="notice-when">
      <h2 id="notice-title">Reminder: {due.title}</h2>
      <p id="notice-when">{at ? `Due at ${at}` : 'No due time'}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onDone}>
          Done
        </button>
        <button type="button" onClick={onSnooze} aria-describedby="snooze-for">
          Snooze
        </button>
        <span id="snooze-for" class="meta">
          10 minutes
        </span>
      </div>
    </section>
  );
}
