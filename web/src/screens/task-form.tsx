import { Bell, CalendarClock, Check, Repeat, Trash2 } from 'lucide-preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { PRIORITIES, type Priority, type TaskList, type TaskPatch, type TaskReminder } from '../api/types.js';
import { Alert } from '../components/alert.js';
import { DateChips } from '../components/date-chips.js';
import { ReminderEditor } from '../components/reminder-editor.js';
import { personZone, formatWhen, instantOf, languageName, quickDates } from '../model/dates.js';
import { needsDate, reminderInputs, reminderLabel, validNag } from '../model/reminders.js';
import { repeatSentence } from '../model/repeat-text.js';
import { labelsOf } from '../model/labels.js';
import { repeatChoices } from '../model/repeats.js';

export interface TaskFields {
  title: string;
  description: string;
  date: string;
  time: string;
  reminders: TaskReminder[];
  recurrence: string | null;
  /** How the service reads `recurrence`, shown for a rule the choices do not hold. */
  recurrenceText?: string | null;
  /** The language a captured note was read in, shown on the review form. */
  language?: string | null;
  /** The photo a draft was read from, shown on the review form. */
  photo?: Blob | null;
  /** Empty: the Inbox. */
  listId: string;
  labels: string[];
  priority: Priority;
}

const PRIORITY_NAMES: Record<Priority, string> = { LOW: 'Low', MEDIUM: 'Medium', HIGH: 'High', URGENT: 'Urgent' };


/** A date without a time is due at 09:00. */
const DEFAULT_TIME = '09:00';

interface Props {
  heading: string;
  initial: TaskFields;
  /** The lists a task can be put in (the person edits them). */
  lists: TaskList[];
  /** Shows the description field (editing). */
  withDescription?: boolean;
  /** A viewer's look at a task of a shared list: every field shown, none changeable, no Save or Delete. */
  readOnly?: boolean;
  busy?: boolean;
  onSave(fields: TaskPatch): void;
  onCancel(): void;
  onDelete?(): void;
}

function dueOf(fields: Pick<TaskFields, 'date' | 'time'>, timeZone: string): string | null {
  return fields.date ? instantOf(fields.date, fields.time || DEFAULT_TIME, timeZone) : null;
}

/** The photo of a draft, shown while the form is open (its object URL is let go after). */
function Photo({ blob }: { blob: Blob }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <img class="photo" src={url} alt="The photo this task was read from" />;
}

/** The review form (after capture) and the edit form: title, quick dates, date, time, reminder, repeat. */
export function TaskForm({ heading, initial, lists, withDescription, readOnly, busy, onSave, onCancel, onDelete }: Props) {
  const [fields, setFields] = useState(initial);
  const [labelText, setLabelText] = useState(initial.labels.join(', '));
  const labels = labelsOf(labelText);
  const choosable = lists.filter((list) => list.role !== 'VIEWER' || list.id === initial.listId);
  const [problem, setProblem] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cardRef = useRef<HTMLElement>(null);
  const set = (patch: Partial<TaskFields>) => setFields((current) => ({ ...current, ...patch }));
  const zone = personZone();
  const dated = fields.date !== '';
  const [now] = useState(() => new Date());
  const days = useMemo(() => quickDates(now, zone), [now, zone]);
  const [repeats] = useState(() => repeatChoices(initial.recurrence, initial.recurrenceText ?? null, dueOf(initial, zone)));

  // The form comes into view with its heading under the sticky header (scroll-margin-top), and the
  // heading takes the focus for screen readers.
  useEffect(() => {
    cardRef.current?.scrollIntoView({ block: 'start' });
    headingRef.current?.focus({ preventScroll: true });
  }, []);

  function submit(event: Event) {
    event.preventDefault();
    const title = fields.title.trim();
    if (!title) return setProblem('A task needs a title. Type one, then save.');
    if (!dated && fields.time) return setProblem('A time needs a date. Pick a date, or clear the time.');
    if (!dated && fields.reminders.some(needsDate)) {
      return setProblem('Reminders before the due time need a date. Pick a date, or remove those reminders.');
    }
    if (fields.reminders.some((reminder) => reminder.nag && !validNag(reminder.nag.every, reminder.nag.times))) {
      return setProblem('“Remind until done” rings every 5 to 240 minutes, up to 1 to 12 times. Fix the numbers, then save.');
    }
    setProblem(null);
    onSave({
      title,
      description: fields.description,
      dueAt: dueOf(fields, zone),
      reminders: reminderInputs(fields.reminders),
      recurrence: dated ? fields.recurrence : null,
      ...(fields.listId ? { listId: fields.listId } : {}),
      labels,
      priority: fields.priority,
    });
  }

  const dueAt = dueOf(fields, zone);
  const repeat = dated && fields.recurrence ? repeatSentence(fields.recurrence, dueAt, fields.recurrence === initial.recurrence ? (initial.recurrenceText ?? null) : null, { withTime: true }) : null;

  return (
    <section class="card" ref={cardRef} aria-labelledby="task-form-heading">
      <h2 id="task-form-heading" ref={headingRef} tabIndex={-1}>
        {heading}
      </h2>
      <p class="draft-summary">
        <span>
          <CalendarClock aria-hidden="true" size={16} /> {dueAt ? formatWhen(new Date(dueAt), now, zone) : 'No date'}
        </span>
        {fields.reminders.length > 0 && (
          <span>
            <Bell aria-hidden="true" size={16} /> {fields.reminders.length === 1 ? 'Reminder' : 'Reminders'}{' '}
            {fields.reminders.map((reminder) => reminderLabel(reminder, now, zone)).join(', ')}
          </span>
        )}
        {repeat && (
          <span>
            <Repeat aria-hidden="true" size={16} /> {repeat}
          </span>
        )}
        {initial.language && <span>Read as {languageName(initial.language)}</span>}
      </p>
      {initial.photo && <Photo blob={initial.photo} />}
      {readOnly && <p class="hint">You can see this task; the list’s owner has not let you change it.</p>}
      <form onSubmit={submit} noValidate>
        <fieldset class="plain" disabled={readOnly}>
        <label class="field title-field">
          <span>Title</span>
          <input name="title" value={fields.title} onInput={(e) => set({ title: e.currentTarget.value })} required maxLength={500} />
        </label>
        <DateChips date={fields.date} days={days} onPick={(date) => set(date ? { date } : { date: '', time: '' })} />
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
        <ReminderEditor
          reminders={fields.reminders}
          dated={dated}
          date={fields.date}
          today={days.today}
          now={now}
          timeZone={zone}
          onChange={(reminders) => set({ reminders })}
        />
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
        {choosable.length > 1 && (
          <div class="field">
            <label for="task-list">List</label>
            <select id="task-list" name="list" value={fields.listId || choosable.find((list) => list.inbox)?.id} onChange={(e) => set({ listId: e.currentTarget.value })}>
              {choosable.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <fieldset>
          <legend>Priority</legend>
          <div class="segments">
            {PRIORITIES.map((priority) => (
              <label key={priority} class="segment">
                <input type="radio" name="priority" value={priority} checked={fields.priority === priority} onChange={() => set({ priority })} />
                <span>{PRIORITY_NAMES[priority]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <label class="field">
          <span>Labels</span>
          <input name="labels" value={labelText} placeholder="home, errands" onInput={(e) => setLabelText(e.currentTarget.value)} />
        </label>
        {labels.length > 0 && (
          <p class="label-chips" aria-label="Labels">
            {labels.map((label) => (
              <span key={label} class="label-chip">
                {label}
              </span>
            ))}
          </p>
        )}
        {withDescription && (
          <label class="field">
            <span>Description</span>
            <textarea name="description" rows={3} value={fields.description} onInput={(e) => set({ description: e.currentTarget.value })} />
          </label>
        )}
        </fieldset>
        {problem && <Alert>{problem}</Alert>}
        <div class="actions">
          {!readOnly && (
            <button type="submit" class="primary" disabled={busy}>
              <Check aria-hidden="true" />
              Save
            </button>
          )}
          <button type="button" onClick={onCancel}>
            {readOnly ? 'Back' : 'Cancel'}
          </button>
          {onDelete && !readOnly && (
            <button type="button" class="danger push" onClick={onDelete} disabled={busy}>
              <Trash2 aria-hidden="true" />
              Delete
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
