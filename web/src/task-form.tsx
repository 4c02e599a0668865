import { useState } from 'preact/hooks';
import type { Reminder } from './api.js';
import { instantOf, localDay, localTime } from './dates.js';
import { REMINDER_CHOICES } from './reminders.js';
import { repeatChoices } from './repeats.js';

export interface TaskFields {
  title: string;
  description: string;
  date: string;
  time: string;
  reminder: Reminder | null;
  recurrence: string | null;
  /** How the service reads `recurrence`, shown for a rule the choices do not hold. */
  recurrenceText?: string | null;
}

export interface SavedFields {
  title: string;
  description: string;
  dueAt: string | null;
  reminder: Reminder | null;
  recurrence: string | null;
}

export const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Form fields of a stored due instant, in the browser's zone. */
export function fieldsOfDue(dueAt: string | null): { date: string; time: string } {
  if (!dueAt) return { date: '', time: '' };
  const at = new Date(dueAt);
  return { date: localDay(at, zone()), time: localTime(at, zone()) };
}

/** A date without a time is due at 09:00. */
const DEFAULT_TIME = '09:00';

interface Props {
  heading: string;
  initial: TaskFields;
  /** Shows the description field (editing). */
  withDescription?: boolean;
  busy?: boolean;
  onSave(fields: SavedFields): void;
  onCancel(): void;
  onDelete?(): void;
}

/** The review form (after capture) and the edit form: title, date, time, reminder. */
export function TaskForm({ heading, initial, withDescription, busy, onSave, onCancel, onDelete }: Props) {
  const [fields, setFields] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<TaskFields>) => setFields((current) => ({ ...current, ...patch }));
  const dated = fields.date !== '';
  const [repeats] = useState(() => repeatChoices(initial.recurrence, initial.recurrenceText ?? null));

  function submit(event: Event) {
    event.preventDefault();
    const title = fields.title.trim();
    if (!title) return setProblem('A task needs a title.');
    if (!dated && fields.time) return setProblem('Pick a date for this time, or clear the time.');
    const dueAt = dated ? instantOf(fields.date, fields.time || DEFAULT_TIME, zone()) : null;
    setProblem(null);
    onSave({
      title,
      description: fields.description,
      dueAt,
      reminder: dated ? fields.reminder : null,
      recurrence: dated ? fields.recurrence : null,
    });
  }

  return (
    <section class="card" aria-labelledby="task-form-heading">
      <h2 id="task-form-heading">{heading}</h2>
      <form onSubmit={submit} noValidate>
        <label class="field">
          <span>Title</span>
          <input name="title" value={fields.title} onInput={(e) => set({ title: e.currentTarget.value })} required maxLength={500} />
        </label>
        <div class="row">
          <label class="field">
            <span>Date</span>
            <input type="date" name="date" value={fields.date} onInput={(e) => set({ date: e.currentTarget.value })} />
          </label>
          <label class="field">
            <span>Time</span>
            <input type="time" name="time" value={fields.time} onInput={(e) => set({ time: e.currentTarget.value })} />
          </label>
        </div>
        <fieldset class="choices" disabled={!dated}>
          <legend>Reminder</legend>
          {REMINDER_CHOICES.map((choice) => (
            <label key={choice.label} class="choice">
              <input
                type="radio"
                name="reminder"
                value={choice.value ?? ''}
                checked={(dated ? fields.reminder : null) === choice.value}
                onChange={() => set({ reminder: choice.value })}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </fieldset>
        <div class="field">
          {/* A label around a select would fold the options into its name; this one names it "Repeat". */}
          <label for="task-repeat">Repeat</label>
          <select
            id="task-repeat"
            name="repeat"
            disabled={!dated}
            value={String(repeats.findIndex((choice) => choice.rule === (dated ? fields.recurrence : null)))}
            onChange={(e) => set({ recurrence: repeats[Number(e.currentTarget.value)]?.rule ?? null })}
          >
            {repeats.map((choice, index) => (
              <option key={choice.label} value={String(index)}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
        {withDescription && (
          <label class="field">
            <span>Description</span>
            <textarea name="description" rows={3} value={fields.description} onInput={(e) => set({ description: e.currentTarget.value })} />
          </label>
        )}
        {problem && (
          <p role="alert" class="error">
            {problem}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={busy}>
            Save
          </button>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          {onDelete && (
            <button type="button" class="danger" onClick={onDelete} disabled={busy}>
              Delete
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
