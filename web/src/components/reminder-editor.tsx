import { useState } from 'preact/hooks';
import type { TaskReminder } from '../api/types.js';
import { beforeLabel, MAX_REMINDERS, needsDate, QUICK_OFFSETS, reminderLabel, sameReminder } from '../model/reminders.js';
import { CustomReminder } from './custom-reminder.js';
import { ReminderRow } from './reminder-row.js';

interface Props {
  reminders: TaskReminder[];
  /** The form has a due date (relative reminders need one). */
  dated: boolean;
  date: string;
  today: string;
  now: Date;
  timeZone: string;
  onChange(reminders: TaskReminder[]): void;
}

/**
 * The group "Reminders": the seed's four quick choices as checkboxes (each adds or removes its offset),
 * "Custom…" for any offset or a date and time, and the list of the task's reminders (up to 5), each
 * with "Remind until done" and Remove.
 */
export function ReminderEditor({ reminders, dated, date, today, now, timeZone, onChange }: Props) {
  const [custom, setCustom] = useState(false);
  const full = reminders.length >= MAX_REMINDERS;
  const has = (minutes: number) => reminders.some((reminder) => reminder.before === minutes);
  const toggle = (minutes: number, on: boolean) =>
    onChange(on ? [...reminders, { before: minutes }] : reminders.filter((reminder) => reminder.before !== minutes));

  function addCustom(reminder: TaskReminder): string | null {
    if (reminders.some((other) => sameReminder(other, reminder))) return 'That reminder is already there.';
    if (full) return `A task has at most ${MAX_REMINDERS} reminders. Remove one first.`;
    onChange([...reminders, reminder]);
    setCustom(false);
    return null;
  }

  return (
    <fieldset class="reminders">
      <legend>Reminders</legend>
      <div class="chips">
        {QUICK_OFFSETS.map((minutes) => (
          <label key={minutes} class="chip toggle">
            <input
              type="checkbox"
              checked={dated && has(minutes)}
              disabled={!dated || (full && !has(minutes))}
              onChange={(e) => toggle(minutes, e.currentTarget.checked)}
            />
            <span>{beforeLabel(minutes)}</span>
          </label>
        ))}
        <button type="button" class="chip" aria-expanded={custom} disabled={full && !custom} onClick={() => setCustom(!custom)}>
          Custom…
        </button>
      </div>
      {!dated && <p class="hint">Reminders before the due time need a date. A reminder at a date and time (Custom…) does not.</p>}
      {full && <p class="hint">That is the most a task can have: {MAX_REMINDERS} reminders.</p>}
      {custom && <CustomReminder dated={dated} date={date} today={today} timeZone={timeZone} onAdd={addCustom} />}
      {reminders.length > 0 && (
        <ul class="reminder-list" aria-label="This task’s reminders">
          {reminders.map((reminder, index) => (
            <ReminderRow
              key={reminder.at ?? `before-${reminder.before}`}
              reminder={reminder}
              label={reminderLabel(reminder, now, timeZone)}
              needsDate={!dated && needsDate(reminder)}
              onChange={(changed) => onChange(reminders.map((other, at) => (at === index ? changed : other)))}
              onRemove={() => onChange(reminders.filter((_, at) => at !== index))}
            />
          ))}
        </ul>
      )}
    </fieldset>
  );
}
