import { personZone, formatClock } from '../model/dates.js';
import type { SnoozeFor } from '../model/snooze.js';
import { SnoozePresets } from './snooze-presets.js';

export interface Due {
  taskId: string;
  title: string;
  dueAt: string | null;
}

interface Props {
  due: Due;
  onDone(): void;
  onSnooze(snooze: SnoozeFor): void;
}

/** Shown when one of the person's reminders fires while the page is open: Done, or a snooze preset. */
export function ReminderNotice({ due, onDone, onSnooze }: Props) {
  const zone = personZone();
  const at = due.dueAt ? formatClock(new Date(due.dueAt), zone) : null;
  return (
    <section class="notice" role="alertdialog" aria-labelledby="notice-title" aria-describedby="notice-when">
      <h2 id="notice-title">Reminder: {due.title}</h2>
      <p id="notice-when">{at ? `Due at ${at}` : 'No due time'}</p>
      <div class="actions">
        <button type="button" class="primary" onClick={onDone}>
          Done
        </button>
      </div>
      <SnoozePresets now={new Date()} timeZone={zone} onSnooze={onSnooze} />
    </section>
  );
}
